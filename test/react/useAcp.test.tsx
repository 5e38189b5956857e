/**
 * The React bindings against the demo agent over a real loopback WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { memo, StrictMode, useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { WebSocket } from 'ws';
import { AcpProvider, createAcpClient, useAcp, useAcpActions, useDraft, useSession, useSessionList, useThreadItem, type AcpClient } from '../../src/index.js';
import { ENTRY_ACTIONS, ON_DEMAND_ACTIONS } from '../../src/core/api.js';
import { startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
});

function newClient(): AcpClient {
  return createAcpClient({ url: server.url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false });
}

function Status() {
  const acp = useAcp();
  return (
    <div>
      <span data-testid="status">{acp.status}</span>
      <span data-testid="agent">{acp.agent?.info?.name ?? ''}</span>
    </div>
  );
}

describe('useAcp', () => {
  it('connects on mount (also under StrictMode) and exposes state and actions', async () => {
    const client = newClient();
    let api: ReturnType<typeof useAcp> | null = null;
    function Probe() {
      api = useAcp();
      return null;
    }
    render(
      <StrictMode>
        <AcpProvider client={client}>
          <Status />
          <Probe />
        </AcpProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('ready'));
    expect(screen.getByTestId('agent').textContent).toBe('acp-react-demo-agent');
    const session = await act(() => api!.newSession({ cwd: WORKSPACE }));
    await act(() => api!.prompt(session.sessionId, '/plan'));
    expect(api!.sessions[session.sessionId]!.plan?.length).toBeGreaterThan(0);
    await client.disconnect();
  });

  it('useAcpActions offers every action of the client, each called on the client it came from', async () => {
    const client = newClient();
    const calls: string[] = [];
    // A host's own client whose method uses `this`: a destructured action must still reach it.
    const hosted: AcpClient & { calls: string[] } = {
      ...client,
      calls,
      retryNow() {
        this.calls.push('retryNow');
      },
    };
    let actions: ReturnType<typeof useAcpActions> | null = null;
    function Probe() {
      actions = useAcpActions();
      return null;
    }
    render(
      <AcpProvider client={hosted} autoConnect={false}>
        <Probe />
      </AcpProvider>,
    );
    const notActions = new Set(['getSnapshot', 'subscribe', 'dispose']);
    const clientActions = Object.keys(client).filter((key) => typeof client[key as keyof AcpClient] === 'function' && !notActions.has(key));
    // Exactly the declared list (a hard-coded count went stale with every new action).
    expect(clientActions.sort()).toEqual([...Object.keys(ENTRY_ACTIONS), ...Object.keys(ON_DEMAND_ACTIONS)].sort());
    expect(
      Object.keys(actions!)
        .filter((key) => key !== 'client')
        .sort(),
    ).toEqual(clientActions.sort());
    const { retryNow, respondToPermission } = actions!;
    retryNow();
    expect(calls).toEqual(['retryNow']);
    expect(respondToPermission('no-such-request', null)).toBe(false);
    client.dispose();
  });

  it('owns and disposes a client created from options, without leaking between providers', async () => {
    const seen: string[] = [];
    function Probe({ name }: { name: string }) {
      const acp = useAcp();
      if (acp.status === 'ready') seen.push(`${name}:${Object.keys(acp.sessions).length}`);
      return <span data-testid={name}>{acp.status}</span>;
    }
    function Creator() {
      const acp = useAcp();
      const [done, setDone] = useState(false);
      if (acp.status === 'ready' && !done) {
        setDone(true);
        void acp.newSession({ cwd: WORKSPACE });
      }
      return null;
    }
    const options = { url: server.url, WebSocket: WebSocket as never, scheduler: 'sync' as const, reconnect: false as const };
    const { unmount } = render(
      <>
        <AcpProvider options={options}>
          <Probe name="a" />
          <Creator />
        </AcpProvider>
        <AcpProvider options={options}>
          <Probe name="b" />
        </AcpProvider>
      </>,
    );
    await waitFor(() => expect(seen.some((s) => s === 'a:1')).toBe(true));
    // The second provider never sees the first one's session.
    expect(seen.filter((s) => s.startsWith('b:')).every((s) => s === 'b:0')).toBe(true);
    unmount();
  });

  it('re-renders only the streaming message, not its finished siblings', async () => {
    const client = newClient();
    await client.connect();
    const { sessionId } = await client.newSession({ cwd: WORKSPACE });
    await client.prompt(sessionId, '/plan');
    const renders = new Map<number, number>();
    const Item = memo(function Item({ index }: { index: number }) {
      const item = useThreadItem(sessionId, index);
      renders.set(index, (renders.get(index) ?? 0) + 1);
      return <div>{item?.kind}</div>;
    });
    function Thread() {
      const session = useSession(sessionId);
      const size = session?.thread.items.size ?? 0;
      return (
        <>
          {Array.from({ length: size }, (_, i) => (
            <Item key={i} index={i} />
          ))}
        </>
      );
    }
    render(
      <AcpProvider client={client} autoConnect={false}>
        <Thread />
      </AcpProvider>,
    );
    const before = client.getSnapshot().sessions[sessionId]!.thread.items.size;
    const initial = new Map(renders);
    // Stream a long markdown answer chunk by chunk, one React update per chunk.
    const turn = client.prompt(sessionId, '/explain');
    await waitFor(() => expect(client.getSnapshot().sessions[sessionId]!.turn.state).toBe('idle'), { timeout: 10_000 });
    await act(() => turn);
    const after = client.getSnapshot().sessions[sessionId]!.thread.items.size;
    expect(after).toBeGreaterThan(before);
    // Items that existed before the turn never rendered again while it streamed.
    for (let i = 0; i < before; i++) expect(renders.get(i)).toBe(initial.get(i));
    // The streamed message did render (more than once: it grew chunk by chunk).
    expect(renders.get(after - 1)!).toBeGreaterThan(1);
    await client.disconnect();
  });

  it('useSessionList pages through session/list with react-query', async () => {
    const client = newClient();
    await client.connect();
    for (let i = 0; i < 7; i++) await client.newSession({ cwd: '/workspace/hook-list' });
    let list: ReturnType<typeof useSessionList> | null = null;
    function Probe() {
      list = useSessionList({ cwd: '/workspace/hook-list' });
      return <span data-testid="count">{list.sessions.length}</span>;
    }
    render(
      <AcpProvider client={client} autoConnect={false}>
        <Probe />
      </AcpProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('5'));
    expect(list!.hasMore).toBe(true);
    act(() => list!.loadMore());
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('7'));
    expect(list!.hasMore).toBe(false);
    await client.disconnect();
  });

  it('useSessionList uses the react-query client the host passes to the provider', async () => {
    const client = newClient();
    await client.connect();
    await client.newSession({ cwd: '/workspace/host-query' });
    const queryClient = new QueryClient();
    function Probe() {
      const list = useSessionList({ cwd: '/workspace/host-query' });
      return <span data-testid="host-count">{list.sessions.length}</span>;
    }
    render(
      <AcpProvider client={client} autoConnect={false} queryClient={queryClient}>
        <Probe />
      </AcpProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('host-count').textContent).toBe('1'));
    const cached = queryClient.getQueryCache().getAll();
    expect(cached.map((query) => query.queryKey[2])).toEqual(['session/list']);
    await client.disconnect();
  });

  it('keeps drafts per session across remounts', async () => {
    const client = newClient();
    function Editor({ id }: { id: string }) {
      const draft = useDraft(id);
      return <input aria-label={`draft ${id}`} value={draft.text} onChange={(e) => draft.setText(e.target.value)} />;
    }
    function App({ id }: { id: string }) {
      return (
        <AcpProvider client={client} autoConnect={false}>
          <Editor key={id} id={id} />
        </AcpProvider>
      );
    }
    const { rerender } = render(<App id="s1" />);
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(screen.getByLabelText('draft s1'), { target: { value: 'half-typed prompt' } });
    rerender(<App id="s2" />);
    expect((screen.getByLabelText('draft s2') as HTMLInputElement).value).toBe('');
    rerender(<App id="s1" />);
    expect((screen.getByLabelText('draft s1') as HTMLInputElement).value).toBe('half-typed prompt');
  });
});
