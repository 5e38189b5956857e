/**
 * AgentPanel as a host composes it: its root takes the element's props and a ref, the host adds
 * to or replaces the header tools and the footer and sets the empty state, the panel's root does
 * not re-render while the agent streams (its parts subscribe narrowly), and a failed prompt gives
 * the text back only when it never reached the agent. Against a scripted agent over a real
 * loopback WebSocket (test/helpers/raw-agent.ts).
 */
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebSocket } from 'ws';
import { AcpClientError, AcpProvider, AgentPanel, createAcpClient, type AcpClient, type AgentPanelProps } from '../../src/index.js';
import { startRawAgent, type RawAgent, type RawConnection } from '../helpers/raw-agent.js';

let agent: RawAgent;
let client: AcpClient;

beforeEach(async () => {
  agent = await startRawAgent();
  client = createAcpClient({
    url: agent.url,
    WebSocket: WebSocket as never,
    scheduler: 'sync',
    reconnect: false,
    clientInfo: { name: 'panel-test', version: '0.0.0' },
  });
});
afterEach(async () => {
  await client.disconnect();
  await agent.close();
});

async function openPanel(props: Partial<AgentPanelProps> = {}, panelClient: AcpClient = client): Promise<RawConnection> {
  render(
    <AcpProvider client={panelClient}>
      <AgentPanel cwd="/workspace" showSessionList={false} {...props} />
    </AcpProvider>,
  );
  const conn = await agent.connection(0);
  await conn.waitFor((m) => m.method === 'session/new', 'session/new');
  await waitFor(() => expect(screen.getByRole('textbox')).toBeEnabled());
  return conn;
}

const panel = () => screen.getByRole('region', { name: 'Agent' });

describe('AgentPanel composition', () => {
  it('spreads the root props and forwards the ref to its section', async () => {
    const ref = createRef<HTMLElement>();
    await openPanel({ ref, id: 'side-panel', 'data-testid': 'panel', style: { maxWidth: 480 }, className: 'host-panel' } as Partial<AgentPanelProps>);
    expect(ref.current).toBe(panel());
    expect(panel()).toHaveAttribute('id', 'side-panel');
    expect(panel()).toHaveAttribute('data-testid', 'panel');
    expect(panel()).toHaveClass('acp-agent-panel', 'host-panel');
    expect(panel().style.maxWidth).toBe('480px');
  });

  it('adds a host tool after its own, or replaces them with a function of them', async () => {
    await openPanel({ headerTools: <button type="button">Share</button> });
    const header = panel().querySelector('header')!;
    const tools = within(header)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(tools).toEqual(['New session', 'Share']);
  });

  it('lets a host replace the tools and wrap the footer', async () => {
    await openPanel({
      headerTools: () => <button type="button">Settings</button>,
      footer: (input) => (
        <div data-testid="host-footer">
          {input}
          <button type="button">Attach ticket</button>
        </div>
      ),
    });
    const header = panel().querySelector('header')!;
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Settings']);
    const footer = screen.getByTestId('host-footer');
    expect(within(footer).getByRole('textbox')).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Attach ticket' })).toBeInTheDocument();
  });

  it('shows the host empty state before the first message', async () => {
    await openPanel({ emptyState: <p>Ask about this repository.</p> });
    expect(await within(panel()).findByText('Ask about this repository.')).toBeInTheDocument();
  });

  it('does not re-render its root while the agent streams into the thread', async () => {
    let rootRenders = 0;
    const conn = await openPanel({
      headerTools: (tools) => {
        rootRenders++;
        return tools;
      },
    });
    const before = rootRenders;
    for (const text of ['Streaming ', 'into ', 'the thread.']) {
      act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
    }
    await waitFor(() => expect(within(panel()).getByText(/Streaming into the thread\./)).toBeInTheDocument(), { timeout: 15_000 });
    expect(rootRenders).toBe(before);
  });
});

describe('AgentPanel prompt failures', () => {
  it('keeps the sent text out of the input when the turn started and then failed (the thread shows it)', async () => {
    const user = userEvent.setup();
    const conn = await openPanel();
    await user.type(screen.getByRole('textbox'), 'Explain the build{Enter}');
    const prompt = await conn.waitFor((m) => m.method === 'session/prompt', 'session/prompt');
    conn.respondError(prompt.id, -32603, 'The model is overloaded');
    await waitFor(() => expect(client.getSnapshot().sessions['sess-1']?.turn.state).toBe('idle'));
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(within(panel()).queryByText(/The message was not sent/)).toBeNull();
  });

  it('gives the text back and says why when the prompt was refused before its turn started', async () => {
    const user = userEvent.setup();
    // A host's own client that refuses every prompt up front, as the core does for content the agent cannot take.
    const refusing: AcpClient = Object.create(client);
    refusing.prompt = () => Promise.reject(new AcpClientError('unsupported', 'The agent does not accept image content in prompts.'));
    await openPanel({}, refusing);
    await user.type(screen.getByRole('textbox'), 'Look at this{Enter}');
    const alert = await within(panel()).findByText(/^The message was not sent/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      'The message was not sent: The agent does not accept image content in prompts. Your text is back in the input.',
    );
    expect(screen.getByRole('textbox')).toHaveValue('Look at this');
  });
});
