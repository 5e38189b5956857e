import { describe, expect, it } from 'vitest';
import { createTrafficLog } from '../../src/core/client/traffic.js';
import { parseTranscript, toTranscript } from '../../src/core/devtools/index.js';

function clock(start = 1000) {
  let t = start;
  return () => t++;
}

describe('createTrafficLog', () => {
  it('records frames in order with a sequence number and time', () => {
    const log = createTrafficLog(10, clock());
    log.record({ dir: 'out', msg: { id: 1 } });
    log.record({ dir: 'in', raw: 'garbage', error: 'Not valid JSON.' });
    expect(log.entries()).toEqual([
      { seq: 1, dir: 'out', at: 1000, msg: { id: 1 } },
      { seq: 2, dir: 'in', at: 1001, raw: 'garbage', error: 'Not valid JSON.' },
    ]);
  });

  it('keeps only the newest `capacity` frames', () => {
    const log = createTrafficLog(3, clock());
    for (let i = 1; i <= 10; i++) log.record({ dir: 'in', msg: i });
    expect(log.entries().map((e) => e.msg)).toEqual([8, 9, 10]);
    for (let i = 11; i <= 40; i++) log.record({ dir: 'in', msg: i });
    expect(log.entries().map((e) => e.seq)).toEqual([38, 39, 40]);
  });

  it('entries() is a stable copy until the next change', () => {
    const log = createTrafficLog(10, clock());
    log.record({ dir: 'in', msg: 1 });
    const first = log.entries();
    expect(log.entries()).toBe(first);
    log.record({ dir: 'in', msg: 2 });
    expect(log.entries()).not.toBe(first);
    expect(first).toHaveLength(1);
  });

  it('tells subscribers about each frame until they unsubscribe', () => {
    const log = createTrafficLog(10, clock());
    const seen: unknown[] = [];
    const unsubscribe = log.subscribe((e) => seen.push(e.msg));
    log.record({ dir: 'in', msg: 'a' });
    unsubscribe();
    log.record({ dir: 'in', msg: 'b' });
    expect(seen).toEqual(['a']);
  });

  it('capacity 0 keeps nothing but still feeds subscribers', () => {
    const log = createTrafficLog(0, clock());
    log.record({ dir: 'in', msg: 'dropped' });
    expect(log.entries()).toEqual([]);
    const seen: unknown[] = [];
    log.subscribe((e) => seen.push(e.msg));
    log.record({ dir: 'in', msg: 'live' });
    expect(seen).toEqual(['live']);
    expect(log.entries()).toEqual([]);
  });

  it('keeps only the last 100 frames while nobody subscribes, and up to `capacity` while someone does', () => {
    const log = createTrafficLog(1000, clock());
    for (let i = 1; i <= 5000; i++) log.record({ dir: 'in', msg: i });
    expect(log.entries().map((e) => e.msg)).toEqual(Array.from({ length: 100 }, (_, i) => 4901 + i));

    const unsubscribe = log.subscribe(() => {});
    for (let i = 5001; i <= 8000; i++) log.record({ dir: 'in', msg: i });
    const watched = log.entries();
    expect(watched).toHaveLength(1000);
    expect(watched[0]!.msg).toBe(7001);
    expect(watched.at(-1)!.msg).toBe(8000);

    // The inspector closed: what it saw is let go on the next frames, down to the last 100.
    unsubscribe();
    log.record({ dir: 'in', msg: 8001 });
    expect(log.entries().map((e) => e.msg)).toEqual(Array.from({ length: 100 }, (_, i) => 7902 + i));
  });

  it('clear empties the log', () => {
    const log = createTrafficLog(10, clock());
    log.record({ dir: 'in', msg: 1 });
    log.clear();
    expect(log.entries()).toEqual([]);
  });
});

describe('toTranscript', () => {
  it('writes the fixture format, relative times, skipping frames that did not parse', () => {
    const log = createTrafficLog(10, clock(5000));
    log.record({ dir: 'out', msg: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} } });
    log.record({ dir: 'in', raw: 'nope', error: 'Not valid JSON.' });
    log.record({ dir: 'in', msg: { jsonrpc: '2.0', id: 0, result: {} } });
    const text = toTranscript(log.entries());
    expect(text.endsWith('\n')).toBe(true);
    expect(parseTranscript(text)).toEqual([
      { dir: 'client->agent', t: 0, msg: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} } },
      { dir: 'agent->client', t: 2, msg: { jsonrpc: '2.0', id: 0, result: {} } },
    ]);
  });

  it('an empty log is an empty transcript', () => {
    expect(toTranscript([])).toBe('');
    expect(parseTranscript(toTranscript([]))).toEqual([]);
  });
});
