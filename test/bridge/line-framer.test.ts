import { describe, expect, it } from 'vitest';
import { LineFramer } from '../../bridge/line-framer.mjs';

function frame(chunks: (string | Uint8Array)[], maxLineBytes = 1024) {
  const lines: string[] = [];
  const oversized: number[] = [];
  const framer = new LineFramer({
    maxLineBytes,
    onLine: (line) => lines.push(line),
    onOversizedLine: ({ limit }) => oversized.push(limit),
  });
  for (const chunk of chunks) framer.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { lines, oversized, framer };
}

/** Splits a byte string into pieces of `size` bytes, ignoring character boundaries. */
function pieces(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('LineFramer', () => {
  it('emits one line per newline-terminated message', () => {
    expect(frame(['{"a":1}\n{"b":2}\n']).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('buffers a partial line across chunks', () => {
    const { lines } = frame(['{"a"', ':', '1}\n{"b":', '2}', '\n']);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('holds an unterminated line until the newline arrives', () => {
    const { lines, framer } = frame(['{"a":1}\n{"b":2}']);
    expect(lines).toEqual(['{"a":1}']);
    expect(framer.pendingBytes).toBe(7);
    framer.push(Buffer.from('\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('delivers a final line without a trailing newline at end of stream', () => {
    const { lines, framer } = frame(['{"a":1}\n{"b":2}']);
    framer.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('tolerates CRLF, including a CR and LF split across chunks', () => {
    expect(frame(['{"a":1}\r\n{"b":2}\r', '\n']).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips empty and whitespace-only lines', () => {
    expect(frame(['\n\n{"a":1}\n   \n\r\n\t\n{"b":2}\n\n']).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('reassembles multi-byte UTF-8 characters split across chunks', () => {
    const text = JSON.stringify({ text: 'héllo 世界 🦀🚀 ✓' });
    // One byte at a time splits every multi-byte character.
    expect(frame(pieces(`${text}\n`, 1)).lines).toEqual([text]);
    expect(frame(pieces(`${text}\n${text}\n`, 3)).lines).toEqual([text, text]);
  });

  it('handles huge lines arriving in many pipe-sized chunks', () => {
    const big = JSON.stringify({ text: 'abc-é-世-🦀-'.repeat(100_000) }); // ~1.6 MB
    const { lines, oversized } = frame([...pieces(`${big}\n{"after":true}\n`, 65_536)], 4 * 1024 * 1024);
    expect(oversized).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(big);
    expect(lines[1]).toBe('{"after":true}');
  });

  it('drops a line over the limit, reports it once, and recovers on the next line', () => {
    const { lines, oversized } = frame([...pieces(`{"x":"${'y'.repeat(5000)}"}\n{"ok":1}\n`, 700)], 1024);
    expect(oversized).toEqual([1024]);
    expect(lines).toEqual(['{"ok":1}']);
  });

  it('reports an oversized line as soon as it crosses the limit, before its newline', () => {
    const { oversized, framer } = frame(['x'.repeat(2000)], 1024);
    expect(oversized).toEqual([1024]);
    expect(framer.pendingBytes).toBe(0);
  });

  it('accepts a line of exactly the limit, with or without CR', () => {
    const exact = 'z'.repeat(16);
    expect(frame([`${exact}\n${exact}\r\n`], 16).lines).toEqual([exact, exact]);
    expect(frame([`${exact}z\n`], 16).oversized).toEqual([16]);
  });

  it('accepts Uint8Array chunks that are not Buffers', () => {
    const bytes = new TextEncoder().encode('{"a":"ü"}\n');
    expect(frame([bytes.subarray(0, 7), bytes.subarray(7)]).lines).toEqual(['{"a":"ü"}']);
  });

  it('rejects a non-positive limit', () => {
    expect(() => new LineFramer({ maxLineBytes: 0, onLine: () => {} })).toThrow(RangeError);
  });
});
