/**
 * ACP v2's permission requests and `initialize` answer, read into the views every component
 * already renders: the permission's `subject` becomes the `toolCall` shown (a command subject
 * gets a card of its own), and the v2 `capabilities` become the v1-shaped capabilities view plus
 * `surface`, which says what v2 lacks. Wire examples are checked against the SDK's v2 guards.
 */
import { RequestPermissionSubject } from '@agentclientprotocol/sdk/experimental/v2';
import { describe, expect, it } from 'vitest';
import { readInitializeV2, readPermissionV2 } from '../../src/core/protocol/v2.js';

const options = [{ optionId: 'allow', name: 'Allow', kind: 'allow_once' }];

describe('readPermissionV2', () => {
  it('a tool_call subject: its tool call (name included), with the title and description', () => {
    const subject = { type: 'tool_call', toolCall: { toolCallId: 't1', title: 'Edit a.ts', name: 'edit_file', kind: 'edit' } };
    expect(RequestPermissionSubject.isToolCall(subject as never)).toBe(true);
    const read = readPermissionV2(
      { sessionId: 's', title: 'Allow the edit?', description: 'It changes a.ts', subject, options, _meta: { m: 1 } },
      'permission-1',
    );
    expect(read).toEqual({
      request: {
        toolCall: { toolCallId: 't1', title: 'Edit a.ts', name: 'edit_file', kind: 'edit' },
        options,
        _meta: { m: 1 },
        title: 'Allow the edit?',
        description: 'It changes a.ts',
        command: null,
      },
      oddity: null,
    });
  });

  it('a command subject: the command and cwd, a tool call titled by the request (its own id when given)', () => {
    const subject = { type: 'command', command: 'rm -rf build', cwd: '/ws', toolCallId: 't9', terminalId: 'term-1' };
    expect(RequestPermissionSubject.isCommand(subject as never)).toBe(true);
    const read = readPermissionV2({ sessionId: 's', title: 'Run a command?', subject, options }, 'permission-2');
    expect(read.request).toMatchObject({
      toolCall: { toolCallId: 't9', title: 'Run a command?', kind: 'execute' },
      command: { command: 'rm -rf build', cwd: '/ws', terminalId: 'term-1' },
      title: 'Run a command?',
      description: null,
      _meta: null,
    });
    const withoutId = readPermissionV2({ sessionId: 's', title: 'Run?', subject: { type: 'command', command: 'ls', cwd: '/ws' }, options }, 'permission-3');
    expect(withoutId.request.toolCall).toMatchObject({ toolCallId: 'permission-3', title: 'Run?' });
  });

  it('no subject: a tool call carrying the title', () => {
    expect(readPermissionV2({ sessionId: 's', title: 'Continue?', options }, 'permission-4').request).toMatchObject({
      toolCall: { toolCallId: 'permission-4', title: 'Continue?' },
      command: null,
    });
  });

  it('a v1-shaped request (toolCall, no title) is read anyway, with an oddity to diagnose', () => {
    const read = readPermissionV2({ sessionId: 's', toolCall: { toolCallId: 't1', title: 'Old' }, options }, 'permission-5');
    expect(read.request).toMatchObject({ toolCall: { toolCallId: 't1', title: 'Old' }, title: null });
    expect(read.oddity).toMatch(/v1/);
  });
});

describe('readInitializeV2', () => {
  const result = {
    protocolVersion: 2,
    info: { name: '@agentclientprotocol/claude-agent-acp', title: 'Claude Agent', version: '0.100.0' },
    capabilities: {
      session: { prompt: { image: {}, embeddedContext: {} }, mcp: { stdio: {}, http: {} }, delete: {}, additionalDirectories: {} },
    },
    authMethods: [
      { type: 'agent', methodId: 'claude-login', name: 'Log in' },
      { type: 'terminal', methodId: 'cli-login', name: 'Log in in a terminal', args: ['/login'], env: [{ name: 'MODE', value: 'tty' }] },
    ],
    _meta: { a: 1 },
  };

  it('maps the v2 capabilities onto the v1-shaped view, and says what v2 lacks in surface', () => {
    expect(readInitializeV2(result)).toEqual({
      info: result.info,
      capabilities: {
        loadSession: true,
        promptCapabilities: { image: true, audio: false, embeddedContext: true },
        mcpCapabilities: { http: true, sse: false },
        sessionCapabilities: { list: {}, resume: {}, close: {}, delete: {}, additionalDirectories: {} },
        auth: { logout: {} },
      },
      // v2 names a method's id `methodId` and a terminal's env a list: read as v1's shape, which the sign-in panel reads.
      authMethods: [
        { type: 'agent', id: 'claude-login', name: 'Log in' },
        { type: 'terminal', id: 'cli-login', name: 'Log in in a terminal', args: ['/login'], env: { MODE: 'tty' } },
      ],
      protocolVersion: 2,
      surface: { modes: false, clientFs: false, clientTerminals: false, mcpStdio: true },
      v2Capabilities: result.capabilities,
      _meta: { a: 1 },
    });
  });

  it('skips an auth method without an id or a name', () => {
    const agent = readInitializeV2({
      protocolVersion: 2,
      info: { name: 'a', version: '1' },
      authMethods: [{ type: 'agent', name: 'No id' }, { methodId: 'x' }, 'junk'],
    });
    expect(agent.authMethods).toEqual([]);
  });

  it('an answer without session capabilities: no session methods at all (no load either), no stdio', () => {
    const agent = readInitializeV2({ protocolVersion: 2, info: { name: 'bare', version: '1' } });
    expect(agent.capabilities).toEqual({
      loadSession: false,
      promptCapabilities: { image: false, audio: false, embeddedContext: false },
      mcpCapabilities: { http: false, sse: false },
      auth: { logout: {} },
    });
    expect(agent.surface?.mcpStdio).toBe(false);
    expect(agent.authMethods).toEqual([]);
    expect(agent._meta).toBeNull();
  });
});
