/**
 * The page's half of acp-react-bridge's handshake (`bridge/handshake.mjs`, `readPageHandshake`)
 * on ACP v1 and v2 `initialize` requests: the page's entry is read from either version's client
 * capabilities and removed from both before the agent sees them, and terminal sign-in is
 * advertised in the form each version has (`clientCapabilities.auth.terminal: true`, v2
 * `capabilities.auth.terminal: {}`); and the agent's terminal sign-in methods read from either version's `initialize` answer.
 */
import { describe, expect, it } from 'vitest';
import { readPageHandshake, terminalAuthMethods } from '../../bridge/handshake.mjs';

const entry = { 'acp-react/bridge': { terminalAuth: true } };
const request = (params: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 'acp-react/initialize', method: 'initialize', params });
const v1Caps = { fs: { readTextFile: true, writeTextFile: false }, terminal: false, auth: { terminal: false } };
const v2Caps = { elicitation: { form: {}, url: {} } };
const can = { terminalAuth: true };

describe('readPageHandshake', () => {
  it('v1: the entry is taken out and auth.terminal set true', () => {
    const { forwarded, page } = readPageHandshake(request({ protocolVersion: 1, clientCapabilities: { ...v1Caps, _meta: entry } }), can);
    expect(page).toEqual({ terminalAuth: true });
    expect(forwarded.params).toEqual({ protocolVersion: 1, clientCapabilities: { ...v1Caps, auth: { terminal: true } } });
  });

  it('v2 and v1 fields in one request: the entry read from either, removed from both; each version’s terminal sign-in marker set', () => {
    const { forwarded, page } = readPageHandshake(
      request({
        protocolVersion: 2,
        info: { name: 'acp-react', version: '0.1.0' },
        capabilities: { ...v2Caps, _meta: { ...entry, other: 1 } },
        clientInfo: { name: 'acp-react', version: '0.1.0' },
        clientCapabilities: { ...v1Caps, _meta: entry },
      }),
      can,
    );
    expect(page).toEqual({ terminalAuth: true });
    expect(forwarded.params).toEqual({
      protocolVersion: 2,
      info: { name: 'acp-react', version: '0.1.0' },
      capabilities: { ...v2Caps, _meta: { other: 1 }, auth: { terminal: {} } },
      clientInfo: { name: 'acp-react', version: '0.1.0' },
      clientCapabilities: { ...v1Caps, auth: { terminal: true } },
    });
  });

  it('v2 only: the entry comes from capabilities._meta; nothing of v1 is added (terminals are v1 only)', () => {
    const { forwarded, page } = readPageHandshake(request({ protocolVersion: 2, capabilities: { ...v2Caps, _meta: entry } }), {
      terminalAuth: true,
      terminals: true,
    });
    expect(page).toEqual({ terminalAuth: true });
    expect(forwarded.params).toEqual({ protocolVersion: 2, capabilities: { ...v2Caps, auth: { terminal: {} } } });
  });

  it('a bridge without terminal sign-in only removes the entry', () => {
    const { forwarded, page } = readPageHandshake(request({ protocolVersion: 2, capabilities: { ...v2Caps, _meta: entry } }), { terminalAuth: false });
    expect(page).toEqual({ terminalAuth: true });
    expect(forwarded.params).toEqual({ protocolVersion: 2, capabilities: v2Caps });
  });

  it('a page without the entry is forwarded as it is', () => {
    const sent = request({ protocolVersion: 2, capabilities: v2Caps, clientCapabilities: v1Caps });
    expect(readPageHandshake(sent, can)).toEqual({ forwarded: sent, page: { terminalAuth: false } });
  });
});

describe('terminalAuthMethods', () => {
  it('reads v1 methods (id, env as a record) and v2 methods (methodId, env as name/value pairs) alike', () => {
    const methods = terminalAuthMethods({
      authMethods: [
        { id: 'v1-login', name: 'Login', type: 'terminal', args: ['--login'], env: { MODE: 'v1' } },
        // claude-agent-acp 0.100.0 on ACP v2.
        { methodId: 'claude-ai-login', name: 'Claude Subscription', type: 'terminal', args: ['--cli', 'auth', 'login'], env: [{ name: 'MODE', value: 'v2' }] },
        { methodId: 'agent-side', name: 'In the agent', type: 'agent' },
        { name: 'No id', type: 'terminal' },
      ],
    });
    expect([...methods]).toEqual([
      ['v1-login', { args: ['--login'], env: { MODE: 'v1' } }],
      ['claude-ai-login', { args: ['--cli', 'auth', 'login'], env: { MODE: 'v2' } }],
    ]);
  });
});
