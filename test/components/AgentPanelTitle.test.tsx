/**
 * The session title in the AgentPanel header: whatever the agent's `session_info_update` says,
 * live, over a real loopback WebSocket from a scripted agent (test/helpers/raw-agent.ts), so the
 * agent can rename, clear and misname the session at will.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient, type AcpClient } from '../../src/index.js';
import { displayTitle } from '../../src/components/shared/display-title.js';
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
    clientInfo: { name: 'title-test', version: '0.0.0' },
  });
});
afterEach(async () => {
  await client.disconnect();
  await agent.close();
});

/** Renders the panel, waits for its session and returns the agent's side of the connection. */
async function openPanel(): Promise<{ conn: RawConnection; sessionId: string; title: () => HTMLElement }> {
  render(
    <AcpProvider client={client}>
      <AgentPanel cwd="/workspace" showSessionList={false} />
    </AcpProvider>,
  );
  const conn = await agent.connection(0);
  await conn.waitFor((m) => m.method === 'session/new', 'session/new');
  const header = () => screen.getByRole('region', { name: 'Agent' }).querySelector('header') as HTMLElement;
  await waitFor(() => expect(header().querySelector('[data-slot="agent-panel-session-title"]')).not.toBeNull());
  return { conn, sessionId: 'sess-1', title: () => header().querySelector('[data-slot="agent-panel-session-title"]') as HTMLElement };
}

describe('AgentPanel session title', () => {
  it('shows the title the agent gives the session, and each new one as it changes', async () => {
    const { conn, sessionId, title } = await openPanel();
    expect(title()).toHaveTextContent('Untitled session');
    expect(title()).toHaveAttribute('data-status', 'untitled');

    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', title: 'Fix the flaky login test' }));
    await waitFor(() => expect(title()).toHaveTextContent('Fix the flaky login test'));
    expect(title()).toHaveAttribute('data-status', 'titled');
    expect(title()).toHaveAttribute('title', 'Fix the flaky login test');
    expect(within(screen.getByRole('region', { name: 'Agent' })).getAllByText('Fix the flaky login test')).toHaveLength(1);

    // A timestamp-only update keeps the title; a new title replaces it.
    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', updatedAt: '2026-01-01T00:00:00Z' }));
    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', title: 'Refactor the task queue' }));
    await waitFor(() => expect(title()).toHaveTextContent('Refactor the task queue'));
    expect(screen.queryByText('Fix the flaky login test')).toBeNull();

    // Another session's title is not this one's.
    act(() => conn.update('sess-other', { sessionUpdate: 'session_info_update', title: 'Somebody else' }));
    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', updatedAt: '2026-01-01T00:00:01Z' }));
    await waitFor(() => expect(client.getSnapshot().sessions[sessionId]?.info.updatedAt).toBe('2026-01-01T00:00:01Z'));
    expect(title()).toHaveTextContent('Refactor the task queue');

    // null clears it.
    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', title: null }));
    await waitFor(() => expect(title()).toHaveTextContent('Untitled session'));
    expect(title()).not.toHaveAttribute('title');
  });

  it('shows a long or multi-line title on one line, cut at a bounded length', async () => {
    const { conn, sessionId, title } = await openPanel();
    const long = `Investigate why\n\nthe nightly build   fails ${'on the arm64 runners '.repeat(40)}`;
    act(() => conn.update(sessionId, { sessionUpdate: 'session_info_update', title: long }));
    await waitFor(() => expect(title()).toHaveAttribute('data-status', 'titled'));
    const text = title().textContent ?? '';
    expect(text.startsWith('Investigate why the nightly build fails on the arm64 runners')).toBe(true);
    expect(text).not.toMatch(/\s{2}|\n/);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('…')).toBe(true);
    expect(title()).toHaveAttribute('title', text);
    expect(title()).toHaveAttribute('dir', 'auto');
  });
});

describe('displayTitle', () => {
  it('keeps short titles, collapses whitespace, treats blank as no title', () => {
    expect(displayTitle('Fix login')).toBe('Fix login');
    expect(displayTitle('  Fix\n\tlogin  ')).toBe('Fix login');
    expect(displayTitle('   \n ')).toBeNull();
    expect(displayTitle(null)).toBeNull();
    const cut = displayTitle('x'.repeat(500))!;
    expect(cut).toHaveLength(200);
    expect(cut.endsWith('…')).toBe(true);
  });
});
