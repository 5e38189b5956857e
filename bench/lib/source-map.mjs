/**
 * Decodes a source map's `mappings` (Base64 VLQ, source map v3) into one array of segments per
 * generated line: `{ generatedColumn, source?, originalLine?, originalColumn? }` (0-based), sorted
 * by column. Enough to attribute a bundle's bytes to its sources; names are not needed.
 */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64.length; i++) VALUE[BASE64.charCodeAt(i)] = i;

/** The VLQ values of one segment ("AAgBC" → [0, 0, 16, 1]). */
function readSegment(text) {
  const values = [];
  let result = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const digit = VALUE[text.charCodeAt(i)] ?? -1;
    if (digit < 0) throw new Error(`Bad VLQ digit "${text[i]}" in a source map`);
    result += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(result % 2 ? -((result - 1) / 2) : result / 2);
    result = 0;
    shift = 0;
  }
  return values;
}

export function decodeMappings(mappings) {
  const lines = [];
  // Source index and original position are relative to the previous segment across lines.
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let generatedColumn = 0;
    for (const text of line ? line.split(',') : []) {
      if (!text) continue;
      const v = readSegment(text);
      generatedColumn += v[0];
      const s = { generatedColumn };
      if (v.length >= 4) {
        source += v[1];
        originalLine += v[2];
        originalColumn += v[3];
        Object.assign(s, { source, originalLine, originalColumn });
      }
      segments.push(s);
    }
    segments.sort((a, b) => a.generatedColumn - b.generatedColumn);
    lines.push(segments);
  }
  return lines;
}
