/**
 * Opening a session from the history in the AgentPanel (issue 19): the panel switches to it at
 * once and shows its replay as it arrives, with a loading state, instead of keeping the previous
 * session on screen until `session/load` answers and then swapping the whole thread in; the prompt
 * takes a draft meanwhile and queues what is sent until the load answers. Over a
 * real loopback WebSocket from a scripted agent that holds the load's answer back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient, type AcpClient } from '../../src/index.js';
import { isRequest, startRawAgent, type RawAgent, type RawConnection, type RawMessage } from '../helpers/raw-agent.js';

let agent: RawAgent;
let client: AcpClient;
let loads: RawMessage[];

beforeEach(async () => {
  loads = [];
  agent = await startRawAgent({
    agentCapabilities: { loadSession: true, sessionCapabilities: { list: {} } },
    onMessage(m, conn) {
      if (isRequest(m, 'session/list')) {
        conn.respond(m.id, { sessions: [{ sessionId: 'old-1', cwd: '/workspace', title: 'Yesterday' }] });
        return true;
      }
      // Held back: the test answers once it has looked at the replay.
      if (isRequest(m, 'session/load')) {
        loads.push(m);
        return true;
      }
      return false;
    },
  });
  client = createAcpClient({
    url: agent.url,
    WebSocket: WebSocket as never,
    scheduler: 'sync',
    reconnect: false,
    clientInfo: { name: 'load-test', version: '0.0.0' },
  });
});
afterEach(async () => {
  await client.disconnect();
  await agent.close();
});

const say = (conn: RawConnection, sessionId: string, kind: 'user_message_chunk' | 'agent_message_chunk', text: string) =>
  conn.update(sessionId, { sessionUpdate: kind, content: { type: 'text', text } });

async function panelWithHistory() {
  render(
    <AcpProvider client={client}>
      <AgentPanel cwd="/workspace" />
    </AcpProvider>,
  );
  const conn = await agent.connection(0);
  await conn.waitFor((m) => isRequest(m, 'session/new'), 'session/new');
  await waitFor(() => expect(client.getSnapshot().sessions['sess-1']).toBeDefined());
  act(() => say(conn, 'sess-1', 'agent_message_chunk', 'Current session text'));
  await screen.findByText('Current session text');
  fireEvent.click(screen.getByRole('button', { name: 'Sessions' }));
  fireEvent.click(await screen.findByRole('button', { name: /Yesterday/ }));
  await waitFor(() => expect(loads).toHaveLength(1));
  return conn;
}

const input = () => screen.getByRole('textbox', { name: /message/i });

describe('AgentPanel opening a session from the history', () => {
  it('shows the replay as it arrives, marked as loading, and sends once the load answers', async () => {
    const conn = await panelWithHistory();
    // Switched at once: the previous session is no longer shown while the load runs.
    await waitFor(() => expect(screen.queryByText('Current session text')).toBeNull());
    expect(await screen.findByText('Loading the session…')).toBeInTheDocument();
    expect(input()).toBeEnabled();

    act(() => say(conn, 'old-1', 'user_message_chunk', 'First question'));
    act(() => say(conn, 'old-1', 'agent_message_chunk', 'First answer'));
    expect(await screen.findByText('First question')).toBeInTheDocument();
    expect(await screen.findByText('First answer')).toBeInTheDocument();
    expect(screen.getByText('Loading the session…')).toBeInTheDocument();

    act(() => say(conn, 'old-1', 'user_message_chunk', 'Second question'));
    expect(await screen.findByText('Second question')).toBeInTheDocument();

    act(() => conn.respond(loads[0]!.id, {}));
    await waitFor(() => expect(screen.queryByText('Loading the session…')).toBeNull());
    expect(input()).toBeEnabled();
    expect(screen.getByText('First answer')).toBeInTheDocument();
    expect(screen.queryByText('Current session text')).toBeNull();
  });

  it('takes a draft while the history loads, queues what is sent, and sends it once the load answers', async () => {
    const conn = await panelWithHistory();
    expect(await screen.findByText('Loading the session…')).toBeInTheDocument();
    act(() => say(conn, 'old-1', 'user_message_chunk', 'First question'));
    expect(await screen.findByText('First question')).toBeInTheDocument();

    // Editable and focusable mid-load; the send button says the message waits, and why.
    input().focus();
    expect(input()).toHaveFocus();
    fireEvent.change(input(), { target: { value: 'Follow-up written during the load' } });
    const send = screen.getByRole('button', { name: 'Queue' });
    expect(send).toBeEnabled();
    expect(send).toHaveAccessibleDescription('Sent once the session has loaded');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input()).toHaveValue('');
    const queued = await screen.findByRole('region', { name: 'Queued (1)' });
    expect(queued).toHaveTextContent('Follow-up written during the load');

    // More of the replay arrives; nothing has been sent to the agent yet.
    act(() => say(conn, 'old-1', 'agent_message_chunk', 'First answer'));
    expect(await screen.findByText('First answer')).toBeInTheDocument();
    expect(conn.received.some((m) => isRequest(m, 'session/prompt'))).toBe(false);

    act(() => conn.respond(loads[0]!.id, {}));
    const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'session/prompt', 10_000);
    expect(prompt.params).toMatchObject({ sessionId: 'old-1', prompt: [{ type: 'text', text: 'Follow-up written during the load' }] });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Queued/ })).toBeNull());
    expect(conn.received.filter((m) => isRequest(m, 'session/prompt'))).toHaveLength(1);
  });

  it('goes back to the session it showed when the load fails, says why, and keeps what was written meanwhile', async () => {
    const conn = await panelWithHistory();
    act(() => say(conn, 'old-1', 'user_message_chunk', 'Half a history'));
    expect(await screen.findByText('Half a history')).toBeInTheDocument();
    fireEvent.change(input(), { target: { value: 'Queued while loading' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    fireEvent.change(input(), { target: { value: 'Still being written' } });

    act(() => conn.respondError(loads[0]!.id, -32603, 'History is corrupt'));
    expect(await screen.findByText('Current session text')).toBeInTheDocument();
    expect(screen.queryByText('Half a history')).toBeNull();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('History is corrupt'))).toBe(true);
    expect(input()).toBeEnabled();
    // Nothing written during the load is lost, and nothing was sent on its own.
    expect(input()).toHaveValue('Still being written');
    expect(await screen.findByRole('region', { name: 'Queued (1)' })).toHaveTextContent('Queued while loading');
    expect(conn.received.some((m) => isRequest(m, 'session/prompt'))).toBe(false);
  });
});
