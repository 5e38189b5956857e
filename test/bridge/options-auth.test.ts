import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError, DEFAULT_MAX_MESSAGE_BYTES } from '../../bridge/options.mjs';
import { checkToken, createOriginCheck, isLoopbackHost, normalizeAllowedOrigin, normalizeOrigin, safeEqual, selectProtocol } from '../../bridge/auth.mjs';
import { exposureWarning } from '../../bridge/server.mjs';

function run(argv: string[], env: Record<string, string> = {}) {
  const parsed = parseCliArgs(argv, env);
  if (parsed.kind !== 'run') throw new Error(`expected run, got ${parsed.kind}`);
  return parsed.options;
}

describe('parseCliArgs', () => {
  it('takes everything after -- as the agent command, untouched', () => {
    const options = run(['--', 'npx', '@agentclientprotocol/claude-agent-acp', '--port', '9', '--', 'x']);
    expect(options.command).toBe('npx');
    expect(options.args).toEqual(['@agentclientprotocol/claude-agent-acp', '--port', '9', '--', 'x']);
  });

  it('has safe defaults', () => {
    expect(run(['--', 'agent'])).toMatchObject({
      host: '127.0.0.1',
      port: 3030,
      allowOrigins: [],
      token: undefined,
      shared: false,
      terminals: false,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    });
  });

  it('takes a registry agent instead of a command, never both; --list needs no agent', () => {
    expect(parseCliArgs(['--agent', 'gemini', '--port', '0'])).toMatchObject({ kind: 'run', registryAgent: 'gemini', options: { port: 0 } });
    expect(parseCliArgs(['--agent', 'x', '--registry', 'r.json'])).toMatchObject({ registryAgent: 'x', registry: 'r.json' });
    expect(() => parseCliArgs(['--agent', 'gemini', '--', 'node', 'a.mjs'])).toThrow(/either --agent <id> or a command/);
    expect(parseCliArgs(['--list'])).toEqual({ kind: 'list', registry: undefined });
  });

  it('turns real terminals on with --terminals, and refuses them with --shared', () => {
    expect(run(['--terminals', '--', 'agent']).terminals).toBe(true);
    expect(() => parseCliArgs(['--terminals', '--shared', '--', 'agent'])).toThrow(/cannot be combined with --shared/);
  });

  it('parses every option', () => {
    const options = run([
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--allow-origin',
      'https://App.Example.com:443',
      '--allow-origin',
      '*',
      '--token',
      's3cret',
      '--shared',
      '--max-message-bytes',
      '64k',
      '--kill-timeout',
      '100',
      '--shared-buffer-bytes',
      '2M',
      '--',
      'agent',
    ]);
    expect(options).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      allowOrigins: ['https://app.example.com', '*'],
      token: 's3cret',
      shared: true,
      maxMessageBytes: 65536,
      killTimeoutMs: 100,
      sharedBufferBytes: 2 * 1024 * 1024,
    });
  });

  it('takes --observer-token with --shared and --token only, and never equal to the token', () => {
    expect(run(['--shared', '--token', 'a', '--observer-token', 'b', '--', 'agent'])).toMatchObject({ token: 'a', observerToken: 'b' });
    expect(run(['--', 'agent']).observerToken).toBeUndefined();
    expect(() => parseCliArgs(['--token', 'a', '--observer-token', 'b', '--', 'agent'])).toThrow(/needs --shared and --token/);
    expect(() => parseCliArgs(['--shared', '--observer-token', 'b', '--', 'agent'])).toThrow(/needs --shared and --token/);
    expect(() => parseCliArgs(['--shared', '--token', 'a', '--observer-token', 'a', '--', 'agent'])).toThrow(/nor the same as --token/);
  });

  it('reads the token from ACP_BRIDGE_TOKEN, with --token taking precedence', () => {
    expect(run(['--', 'a'], { ACP_BRIDGE_TOKEN: 'from-env' }).token).toBe('from-env');
    expect(run(['--token', 'flag', '--', 'a'], { ACP_BRIDGE_TOKEN: 'from-env' }).token).toBe('flag');
  });

  it('recognises --help and --version anywhere before --', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--port', '1', '-h', '--', 'a'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
  });

  it.each([
    [[], /missing agent command/],
    [['--'], /missing agent command/],
    [['agent'], /after "--"/],
    [['--port', '70000', '--', 'a'], /--port/],
    [['--port', 'abc', '--', 'a'], /--port/],
    [['--port', '-1', '--', 'a'], /--port/],
    [['--bogus', '--', 'a'], /bogus/],
    [['--allow-origin', 'https://a.example/path', '--', 'a'], /--allow-origin/],
    [['--max-message-bytes', '0', '--', 'a'], /--max-message-bytes/],
    [['--max-message-bytes', '12 parsecs', '--', 'a'], /--max-message-bytes/],
    [['--token', '', '--', 'a'], /--token/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv as string[])).toThrow(UsageError);
    expect(() => parseCliArgs(argv as string[])).toThrow(message);
  });
});

describe('origin check', () => {
  const check = createOriginCheck([]);

  it('allows loopback pages on any port and clients without an Origin', () => {
    for (const origin of [undefined, 'http://localhost:5173', 'https://localhost', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'HTTP://LOCALHOST:1']) {
      expect(check(origin), String(origin)).toEqual({ ok: true });
    }
  });

  it('refuses other origins, look-alikes and opaque origins by default', () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://evil.example#localhost',
      'null',
      'file://',
      'ws://localhost:5173',
      'garbage',
    ]) {
      const verdict = check(origin);
      expect(verdict.ok, origin).toBe(false);
    }
  });

  it('extends the allowlist with exact origins, "null" and "*"', () => {
    const custom = createOriginCheck(['https://app.example.com', 'null'].map(normalizeAllowedOrigin));
    expect(custom('https://app.example.com').ok).toBe(true);
    expect(custom('https://app.example.com:443').ok).toBe(true);
    expect(custom('null').ok).toBe(true);
    expect(custom('https://app.example.com:8443').ok).toBe(false);
    expect(custom('http://app.example.com').ok).toBe(false);
    expect(createOriginCheck(['*'])('https://anything.example').ok).toBe(true);
  });

  it('normalizes origins, including non-special schemes', () => {
    expect(normalizeOrigin('https://EXAMPLE.com:443/')).toBe('https://example.com');
    expect(normalizeOrigin('chrome-extension://abcdef')).toBe('chrome-extension://abcdef');
    expect(normalizeOrigin('https://example.com/path')).toBeUndefined();
    expect(normalizeOrigin('https://user:pw@example.com')).toBeUndefined();
    expect(() => normalizeAllowedOrigin('example.com')).toThrow(/not an origin/);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.5', false],
    ['example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });

  it('drives the warning printed for non-loopback hosts', () => {
    expect(exposureWarning('127.0.0.1', false)).toBeUndefined();
    expect(exposureWarning('0.0.0.0', false)).toMatch(/0\.0\.0\.0, which is not a loopback address.*Set --token/);
    expect(exposureWarning('192.168.1.5', true)).not.toMatch(/Set --token/);
  });
});

describe('token check', () => {
  const request = (url: string, protocol?: string) => ({ url, headers: protocol ? { 'sec-websocket-protocol': protocol } : {} });

  it('is disabled without a configured token', () => {
    expect(checkToken(undefined, request('/'))).toEqual({ ok: true });
  });

  it('accepts the token from the query or from an acp-token.* subprotocol', () => {
    expect(checkToken('s3cret', request('/?token=s3cret')).ok).toBe(true);
    expect(checkToken('s3cret', request('/acp?x=1&token=s3cret')).ok).toBe(true);
    expect(checkToken('s3cret', request('/', 'acp-token.s3cret')).ok).toBe(true);
    expect(checkToken('s3cret', request('/', 'other, acp-token.wrong, acp-token.s3cret')).ok).toBe(true);
  });

  it('refuses a missing or wrong token', () => {
    expect(checkToken('s3cret', request('/'))).toMatchObject({ ok: false, reason: expect.stringMatching(/missing token/) });
    expect(checkToken('s3cret', request('/?token=nope'))).toMatchObject({ ok: false, reason: 'invalid token' });
    expect(checkToken('s3cret', request('/', 'acp-token.s3cre'))).toMatchObject({ ok: false });
    expect(checkToken('s3cret', request('/', 's3cret'))).toMatchObject({ ok: false });
  });

  it('compares secrets of any length', () => {
    expect(safeEqual('a', 'a')).toBe(true);
    expect(safeEqual('a', 'ab')).toBe(false);
    expect(safeEqual('', 'x'.repeat(1000))).toBe(false);
  });

  it('echoes the matching token subprotocol', () => {
    expect(selectProtocol(['x', 'acp-token.bad', 'acp-token.good'], 'good')).toBe('acp-token.good');
    expect(selectProtocol(['x'], 'good')).toBe(false);
    expect(selectProtocol(['acp-token.any'], undefined)).toBe('acp-token.any');
  });
});
