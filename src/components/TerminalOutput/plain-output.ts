/**
 * Terminal output as plain text, for the moment before the ANSI renderer (anser) has loaded:
 * escape sequences (colours, cursor moves, OSC titles and links) removed, and a carriage return
 * overwriting its line the way a progress bar redraws, so the text reads as the terminal showed it.
 */
// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and two-byte escapes.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]/g;

/** The last `maxLines` lines of the output, without escape codes. */
export function plainOutputLines(output: string, maxLines: number): string[] {
  const lines = output.replace(ESCAPES, '').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-Math.max(1, maxLines)).map((line) => {
    const parts = line.split('\r');
    // What shows is the last part that wrote something: "\r\n" line ends leave an empty last part
    // (the line is the one before), and a line with no text at all is ''.
    return parts.findLast((part) => part !== '') ?? '';
  });
}
