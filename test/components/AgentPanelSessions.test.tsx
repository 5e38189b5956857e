/**
 * Several sessions at once in the AgentPanel: each open session is a tab with its own thread,
 * draft and turn; a background session waiting for an answer carries a badge, its finished turn
 * is announced politely; closing a tab closes the session (`session/close`) or detaches it when
 * the agent cannot. Over a real loopback WebSocket from a scripted agent (test/helpers/raw-agent.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient, type AcpClient } from '../../src/index.js';
import { isRequest, startRawAgent, type RawAgent, type RawMessage } from '../helpers/raw-agent.js';

let agent: RawAgent;
let client: AcpClient;
let prompts: RawMessage[];

async function setup(agentCapabilities: Record<string, unknown> = { sessionCapabilities: { close: {} } }) {
  prompts = [];
  agent = await startRawAgent({
    agentCapabilities,
    onMessage(m, conn) {
      if (isRequest(m, 'session/close')) {
        conn.respond(m.id, {});
        return true;
      }
      // Held back: the test ends each turn when it wants to.
      if (isRequest(m, 'session/prompt')) {
        prompts.push(m);
        return true;
      }
      return false;
    },
  });
  client = createAcpClient({ url: agent.url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false, clientInfo: { name: 'tabs', version: '0' } });
  render(
    <AcpProvider client={client}>
      <AgentPanel cwd="/workspace" showSessionList={false} />
    </AcpProvider>,
  );
  const conn = await agent.connection(0);
  await waitFor(() => expect(input()).toBeEnabled());
  return conn;
}

afterEach(async () => {
  await client?.disconnect();
  await agent?.close();
});

const input = () => screen.getByRole('textbox', { name: 'Message to the agent' });
const tabs = () => within(screen.getByRole('tablist', { name: 'Open sessions' })).getAllByRole('tab');
const announcer = () => document.querySelector('[data-slot="agent-panel-announcer"]')!;

async function newSession(user: ReturnType<typeof userEvent.setup>, count: number) {
  await user.click(screen.getByRole('button', { name: 'New session' }));
  await waitFor(() => expect(tabs()).toHaveLength(count));
  await waitFor(() => expect(input()).toBeEnabled());
}

describe('AgentPanel with several sessions', () => {
  it('keeps each session in a tab with its own thread and draft, switched by click and keyboard', async () => {
    const user = userEvent.setup();
    const conn = await setup();
    // One session: no tabs.
    expect(screen.queryByRole('tablist')).toBeNull();
    await user.type(input(), 'draft for the first');

    await newSession(user, 2);
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(input()).toHaveValue('');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tabs()[1]!.id);
    expect(tabs()[1]).toHaveAttribute('aria-controls', panel.id);

    // The first session streams in the background: not shown here.
    act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Text of the first' } }));
    expect(screen.queryByText('Text of the first')).toBeNull();
    await user.type(input(), 'draft for the second');

    await user.click(tabs()[0]!);
    expect(await screen.findByText('Text of the first')).toBeInTheDocument();
    expect(input()).toHaveValue('draft for the first');
    expect(tabs()[0]).toHaveAttribute('tabindex', '0');
    expect(tabs()[1]).toHaveAttribute('tabindex', '-1');

    // Arrow keys (wrapping), Home and End switch and move the focus.
    tabs()[0]!.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tabs()[1]).toHaveFocus());
    expect(tabs()[1]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveValue('draft for the second');
    expect(screen.queryByText('Text of the first')).toBeNull();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tabs()[0]).toHaveFocus());
    await user.keyboard('{End}');
    await waitFor(() => expect(tabs()[1]).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(tabs()[0]).toHaveAttribute('aria-selected', 'true'));
    // Focus follows in an effect after the switch has rendered.
    await waitFor(() => expect(tabs()[0]).toHaveFocus());
  });

  it('badges a background session waiting for an answer and announces it, and its finished turn', async () => {
    const user = userEvent.setup();
    const conn = await setup();
    await user.type(input(), 'first task{Enter}');
    await waitFor(() => expect(prompts).toHaveLength(1));
    await newSession(user, 2);

    // The first session asks for permission while the second is shown.
    const ask = conn.request('session/request_permission', {
      sessionId: 'sess-1',
      toolCall: { toolCallId: 't1', title: 'Write notes.md' },
      options: [
        { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
        { optionId: 'deny', name: 'Deny', kind: 'reject_once' },
      ],
    });
    await waitFor(() => expect(tabs()[0]).toHaveAccessibleName(/waiting for your answer/));
    expect(tabs()[0]).toHaveAttribute('data-status', 'waiting');
    expect(tabs()[0]!.querySelector('[data-slot="session-tab-badge"]')).toHaveTextContent('1');
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    // Said in an effect once the tab shows the change.
    await waitFor(() => expect(announcer()).toHaveTextContent('Session 1 is waiting for your answer.'));
    expect(tabs()[1]).toHaveAttribute('data-status', 'idle');

    // Answered in its own tab: the badge goes, the agent gets the answer.
    await user.click(tabs()[0]!);
    await user.click(await screen.findByRole('button', { name: /^Allow/ }));
    expect((await ask.response).result).toEqual({ outcome: { outcome: 'selected', optionId: 'allow' } });
    await waitFor(() => expect(tabs()[0]).not.toHaveAttribute('data-status', 'waiting'));
    expect(tabs()[0]).toHaveAttribute('data-status', 'running');

    // Its turn ends while the second session is shown: announced, and marked until seen.
    await user.click(tabs()[1]!);
    act(() => conn.respond(prompts[0]!.id, { stopReason: 'end_turn' }));
    await waitFor(() => expect(announcer()).toHaveTextContent('Session 1 finished its turn.'));
    expect(tabs()[0]).toHaveAttribute('data-status', 'finished');
    expect(tabs()[0]).toHaveAccessibleName(/finished/);
    await user.click(tabs()[0]!);
    await waitFor(() => expect(tabs()[0]).toHaveAttribute('data-status', 'idle'));
  });

  it('closes a tab with session/close when the agent supports it, and shows the tab beside it', async () => {
    const user = userEvent.setup();
    const conn = await setup();
    await newSession(user, 2);
    await newSession(user, 3);
    tabs()[1]!.focus();
    await user.keyboard('{Delete}');
    const close = await conn.waitFor((m) => isRequest(m, 'session/close'), 'session/close');
    expect(close.params).toEqual({ sessionId: 'sess-2' });
    await waitFor(() => expect(tabs()).toHaveLength(2));
    // The tab after the closed one is shown and focused.
    expect(tabs()[1]).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(tabs()[1]).toHaveFocus());
    expect(client.getSnapshot().sessions['sess-2']).toBeUndefined();

    // The Close button after the list closes the current one; one session left, no tabs.
    await user.click(screen.getByRole('button', { name: /^Close Session 2/ }));
    await waitFor(() => expect(screen.queryByRole('tablist')).toBeNull());
    expect(conn.received.filter((m) => isRequest(m, 'session/close')).map((m) => m.params.sessionId)).toEqual(['sess-2', 'sess-3']);
    expect(input()).toBeEnabled();
  });

  it('detaches a tab when the agent cannot close sessions, cancelling its turn', async () => {
    const user = userEvent.setup();
    const conn = await setup({});
    await newSession(user, 2);
    await user.type(input(), 'long task{Enter}');
    await waitFor(() => expect(prompts).toHaveLength(1));
    await user.click(tabs()[1]!.querySelector('[data-slot="session-tab-close"]')!);
    await conn.waitFor((m) => m.method === 'session/cancel', 'session/cancel');
    await waitFor(() => expect(screen.queryByRole('tablist')).toBeNull());
    expect(conn.received.some((m) => m.method === 'session/close')).toBe(false);
    // Still open on the connection: the history can show it again.
    expect(client.getSnapshot().sessions['sess-2']).toBeDefined();
  });
});
