// The pieces of `--shared` that need no agent: a session's bounded, sequenced log, and the roles.
import { describe, expect, it } from 'vitest';
import { SEQ_META_KEY, SessionLog } from '../../bridge/shared-log.mjs';
import { pageRole } from '../../bridge/shared-roles.mjs';

const update = (text: string) => ({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { text }, _meta: { other: 1 } } });

describe('SessionLog', () => {
  it('numbers entries from 1 and stamps the number into params._meta, keeping what was there', () => {
    const log = new SessionLog(1024, 's');
    expect(log.lastSeq).toBe(0);
    expect(log.firstSeq).toBe(1);
    const first = log.append(update('a'));
    const second = log.append(update('b'));
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(JSON.parse(second.text).params._meta).toEqual({ other: 1, [SEQ_META_KEY]: 2 });
    expect(log.text(1)).toBe(first.text);
    expect(log.text(3)).toBeUndefined();
    expect(log.covers(0)).toBe(true);
  });

  it('drops the oldest entries past its bound, remembers where it starts, and never holds more than the bound', () => {
    const size = Buffer.byteLength(new SessionLog(1e6, 's').append(update('x'.repeat(100))).text);
    const log = new SessionLog(size * 10, 's');
    for (let i = 0; i < 5000; i++) {
      log.append(update('x'.repeat(100)));
      expect(log.bytes).toBeLessThanOrEqual(size * 10);
    }
    expect(log.lastSeq).toBe(5000);
    // As many of the last entries as fit (they are a little longer than the first: a 4-digit seq).
    const held = Math.floor((size * 10) / Buffer.byteLength(log.text(5000) ?? ''));
    const first = 5000 - held + 1;
    expect(log.firstSeq).toBe(first);
    expect(log.text(first - 1)).toBeUndefined();
    expect(JSON.parse(log.text(first) ?? '{}').params._meta[SEQ_META_KEY]).toBe(first);
    expect(log.covers(first - 1)).toBe(true);
    expect(log.covers(first - 2)).toBe(false);
  });

  it('keeps the newest entry even when it alone is over the bound', () => {
    const log = new SessionLog(10, 's');
    log.append(update('small'));
    log.append(update('x'.repeat(100)));
    expect(log.firstSeq).toBe(2);
    expect(log.text(2)).toBeDefined();
  });
});

describe('pageRole', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ url: '/', headers, socket: { remoteAddress } });

  it('makes loopback pages controllers and the others observers when no token is set', () => {
    expect(pageRole({}, request('127.0.0.1'))).toEqual({ ok: true, role: 'controller' });
    expect(pageRole({}, request('::1'))).toEqual({ ok: true, role: 'controller' });
    expect(pageRole({}, request('::ffff:127.0.0.1'))).toEqual({ ok: true, role: 'controller' });
    expect(pageRole({}, request('192.168.1.20'))).toEqual({ ok: true, role: 'observer' });
  });

  it('gives the role of the token presented, wherever the page is, and refuses any other', () => {
    const secrets = { token: 'control', observerToken: 'watch' };
    expect(pageRole(secrets, request('192.168.1.20', { 'sec-websocket-protocol': 'acp-token.control' }))).toEqual({ ok: true, role: 'controller' });
    expect(pageRole(secrets, request('127.0.0.1', { authorization: 'Bearer watch' }))).toEqual({ ok: true, role: 'observer' });
    expect(pageRole(secrets, request('127.0.0.1', { authorization: 'Bearer nope' }))).toEqual({ ok: false, reason: 'invalid token' });
    expect(pageRole({ token: 'control' }, request('127.0.0.1', { authorization: 'Bearer watch' }))).toMatchObject({ ok: false });
  });
});
