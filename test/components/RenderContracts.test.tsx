/**
 * Render counts as contracts (issue 19): deterministic counts, not timings, so a change that makes
 * a chunk or a request re-render more of the thread fails here rather than in a benchmark.
 *
 * - appending a chunk re-renders only the streaming message and its text part: one commit, no
 *   render of any other item, whether the thread holds 2, 200 or 1,000 messages (the last two are
 *   virtualized with the defaults);
 * - the same through the whole `<AgentPanel>` on a live client (one commit per store notification);
 * - the same with a change review: no turn's change summary re-renders for a chunk;
 * - a permission request renders only the tool call it names;
 * - mounting a thread renders each mounted item once.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forwardRef, Profiler } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient } from '../../src/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { isRequest, startRawAgent } from '../helpers/raw-agent.js';
import { virtualTurnListModule } from '../../src/components/Thread/lazy-virtual-turn-list.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { PermissionRequestState, SessionState } from '../../src/core/types.js';
import { createChangeTracker } from '../../src/core/changes/index.js';
import { createMemoryFs } from '../../src/core/devtools/index.js';

/** Renders of each item's component, by item id (tool calls by their card's item id too). */
const renders = vi.hoisted(() => new Map<string, number>());
/** Renders of a change summary, by its lines added (each turn of the test adds its own number). */
const summaries = vi.hoisted(() => new Map<number, number>());
/** Renders of a markdown text part, by the text's first word (each message's text starts with its own). */
const textParts = vi.hoisted(() => new Map<string, number>());
const bump = <K,>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

// Pass-through spies: plain (unmemoized) wrappers, so they run every time their parent renders them.
vi.mock('../../src/components/Message/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/Message/index.js')>();
  return {
    ...actual,
    Message: (props: Parameters<typeof actual.Message>[0]) => {
      bump(renders, props.item.id);
      return <actual.Message {...props} />;
    },
  };
});
vi.mock('../../src/components/ToolCall/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/ToolCall/index.js')>();
  return {
    ...actual,
    ToolCall: (props: Parameters<typeof actual.ToolCall>[0]) => {
      bump(renders, props.toolCall.id);
      return <actual.ToolCall {...props} />;
    },
  };
});
vi.mock('../../src/components/ChangeReview/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/ChangeReview/index.js')>();
  return {
    ...actual,
    ChangeSummary: forwardRef<HTMLDivElement, Parameters<typeof actual.ChangeSummary>[0]>(function ChangeSummarySpy(props, ref) {
      bump(summaries, props.counts.additions);
      return <actual.ChangeSummary {...props} ref={ref} />;
    }),
  };
});
vi.mock('../../src/components/Markdown/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/Markdown/index.js')>();
  return {
    ...actual,
    Markdown: (props: Parameters<typeof actual.Markdown>[0]) => {
      bump(textParts, props.text.split(' ')[0] ?? '');
      return <actual.Markdown {...props} />;
    },
  };
});

const chunk = (s: SessionState, text: string, at: number) =>
  applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, at);

/**
 * `messages` thread items: finished turns of a question and its answer, then a running turn whose
 * answer is streaming (the last item).
 */
function threadOf(messages: number): SessionState {
  let s = createSessionState('s1', { cwd: '/workspace' });
  const turns = messages / 2;
  for (let t = 0; t < turns; t++) {
    s = startTurn(s, `t${t}`, [{ type: 'text', text: `question${t} about the code` }], t * 10);
    s = chunk(s, `answer${t} with some **markdown**`, t * 10 + 1);
    if (t < turns - 1) s = endTurn(s, `t${t}`, { stopReason: 'end_turn' }, t * 10 + 2);
  }
  return s;
}

function permission(toolCallId: string): PermissionRequestState {
  return {
    requestId: 'perm-1',
    sessionId: 's1',
    toolCall: { toolCallId, title: 'Edit file' },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    status: 'pending',
    optionId: null,
    byPolicy: false,
    createdAt: 5,
  };
}

beforeEach(() => {
  renders.clear();
  textParts.clear();
  summaries.clear();
});

describe('a streamed chunk', () => {
  it.each([2, 200, 1000])('in a thread of %i messages re-renders only its message text: one commit, no other item', async (size) => {
    // The virtualizer is fetched on demand; have it before the first render, as a long thread would.
    if (size > 150) await virtualTurnListModule.load();
    let s = threadOf(size);
    expect(s.thread.items.size).toBe(size);
    let commits = 0;
    const view = (session: SessionState) => (
      <Profiler id="thread" onRender={() => commits++}>
        {/* Inline arrows, as hosts write them: a new identity on every render. */}
        <Thread session={session} onRespondPermission={() => {}} onOpenLocation={() => {}} />
      </Profiler>
    );
    const { container, rerender } = render(view(s));
    const streamingId = s.thread.items.last()!.id;
    const lastTurn = size / 2 - 1;
    expect(renders.get(streamingId)).toBe(1);

    for (const [i, text] of [' one', ' two', ' three'].entries()) {
      renders.clear();
      textParts.clear();
      commits = 0;
      s = chunk(s, text, 100_000 + i);
      act(() => rerender(view(s)));
      expect(commits).toBe(1);
      expect([...renders.entries()]).toEqual([[streamingId, 1]]);
      expect([...textParts.entries()]).toEqual([[`answer${lastTurn}`, 1]]);
    }
    expect(container.querySelector('[data-state="streaming"]')).toHaveTextContent(`answer${lastTurn} with some markdown one two three`);
  });
});

describe('a permission request', () => {
  it('renders only the tool call it names', () => {
    let s = createSessionState('s1', { cwd: '/workspace' });
    for (let t = 0; t < 5; t++) {
      s = startTurn(s, `t${t}`, [{ type: 'text', text: `question${t}` }], t * 10);
      s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: `call-${t}`, title: `Edit ${t}`, kind: 'edit', status: 'pending' }, t * 10 + 1);
      s = chunk(s, `answer${t}`, t * 10 + 2);
      if (t < 4) s = endTurn(s, `t${t}`, { stopReason: 'end_turn' }, t * 10 + 3);
    }
    let commits = 0;
    const view = (requests: PermissionRequestState[]) => (
      <Profiler id="thread" onRender={() => commits++}>
        <Thread session={s} permissionRequests={requests} onRespondPermission={() => {}} />
      </Profiler>
    );
    const { container, rerender } = render(view([]));
    renders.clear();
    textParts.clear();
    commits = 0;
    act(() => rerender(view([permission('call-2')])));
    const card = s.thread.items.toArray().find((item) => item.kind === 'tool_call' && item.toolCallId === 'call-2')!;
    expect(commits).toBe(1);
    expect([...renders.entries()]).toEqual([[card.id, 1]]);
    expect(textParts.size).toBe(0);
    expect(container.querySelectorAll('[data-slot="permission"]')).not.toHaveLength(0);
  });
});

describe('mounting a thread', () => {
  it('renders each item of a 200-message thread once when every turn is mounted', () => {
    const s = threadOf(200);
    render(<Thread session={s} virtualizeAbove={Infinity} />);
    const agentIds = s.thread.items.toArray().filter((item) => item.kind === 'agent_message' || item.kind === 'user_message');
    expect(renders.size).toBe(200);
    for (const item of agentIds) expect(renders.get(item.id)).toBe(1);
    // The agent's 100 answers are markdown text parts, each rendered once.
    expect(textParts.size).toBe(100);
    expect([...textParts.values()].every((n) => n === 1)).toBe(true);
  });

  it('renders each mounted item of a virtualized 200-message thread once', async () => {
    await virtualTurnListModule.load();
    const s = threadOf(200);
    render(<Thread session={s} />);
    expect(renders.size).toBeGreaterThan(0);
    expect(renders.size).toBeLessThan(200);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    expect([...textParts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('a streamed chunk in the whole AgentPanel', () => {
  it('is one commit that re-renders only the streaming message and its text part', async () => {
    const agent = await startRawAgent({
      onMessage: (m) => isRequest(m, 'session/prompt'), // the turn stays open: the test streams into it
    });
    const client = createAcpClient({
      url: agent.url,
      WebSocket: WebSocket as never,
      scheduler: 'sync',
      reconnect: false,
      clientInfo: { name: 'contracts', version: '0' },
    });
    try {
      let commits = 0;
      const { container } = render(
        <AcpProvider client={client}>
          <Profiler id="panel" onRender={() => commits++}>
            <AgentPanel cwd="/workspace" showSessionList={false} />
          </Profiler>
        </AcpProvider>,
      );
      const conn = await agent.connection(0);
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']).toBeDefined());
      for (let t = 0; t < 20; t++) {
        act(() => conn.update('sess-1', { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `question${t} asked` } }));
        act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `answer${t} given` } }));
      }
      // Frames arrive in order, but after `update` returns: the history is in before the prompt starts.
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']!.thread.items.size).toBe(40));
      client.prompt('sess-1', 'one more').catch(() => {}); // left open: the test disconnects
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']!.turn.state).toBe('running'));
      act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'streaming answer' } }));
      await waitFor(() => expect(container.querySelector('[data-state="streaming"]')).toHaveTextContent('streaming answer'));
      const streamingId = client.getSnapshot().sessions['sess-1']!.thread.items.last()!.id;

      for (const text of [' one', ' two', ' three']) {
        renders.clear();
        textParts.clear();
        commits = 0;
        const seen = client.getSnapshot();
        act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
        await waitFor(() => expect(client.getSnapshot()).not.toBe(seen));
        expect(commits).toBe(1);
        expect([...renders.entries()]).toEqual([[streamingId, 1]]);
        expect([...textParts.entries()]).toEqual([['streaming', 1]]);
      }
      expect(container.querySelector('[data-state="streaming"]')).toHaveTextContent('streaming answer one two three');
    } finally {
      await client.disconnect();
      await agent.close();
    }
  });

  it('re-renders no turn’s change summary: not the earlier turns’, not the streaming turn’s', async () => {
    const tracker = createChangeTracker({ fs: createMemoryFs({ files: {}, writable: true }) });
    let prompts = 0;
    const agent = await startRawAgent({
      onMessage: (m, conn) => {
        if (!isRequest(m, 'session/prompt')) return false;
        // Each turn writes a file of its own (turn t adds t + 1 lines); the first three end, the
        // fourth stays open: the test streams into it.
        const t = prompts++;
        const path = `/workspace/f${t}.ts`;
        void conn.request('fs/write_text_file', { sessionId: 'sess-1', path, content: 'line\n'.repeat(t + 1) }).response.then(() => {
          if (t < 3) conn.respond(m.id, { stopReason: 'end_turn' });
        });
        return true;
      },
    });
    const client = createAcpClient({
      url: agent.url,
      WebSocket: WebSocket as never,
      scheduler: 'sync',
      reconnect: false,
      fs: tracker.fs,
      clientInfo: { name: 'contracts', version: '0' },
    });
    try {
      let commits = 0;
      const { container } = render(
        <AcpProvider client={client}>
          <Profiler id="panel" onRender={() => commits++}>
            <AgentPanel cwd="/workspace" showSessionList={false} changes={tracker} />
          </Profiler>
        </AcpProvider>,
      );
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']).toBeDefined());
      for (let t = 0; t < 3; t++) await client.prompt('sess-1', `task${t} please`);
      const conn = await agent.connection(0);
      client.prompt('sess-1', 'one more').catch(() => {}); // left open: the test disconnects
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']!.turn.state).toBe('running'));
      // Each turn ends with its summary (loaded: it has its state), the running one too once it wrote.
      const summaryEls = () => container.querySelectorAll('[data-slot="thread-turn"] [data-slot="change-summary"][data-state]');
      await waitFor(() => expect(summaryEls()).toHaveLength(4), { timeout: 15_000 });
      act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'streaming answer' } }));
      await waitFor(() => expect(container.querySelector('[data-state="streaming"]')).toHaveTextContent('streaming answer'));
      const streamingId = client.getSnapshot().sessions['sess-1']!.thread.items.last()!.id;

      for (const text of [' one', ' two', ' three']) {
        renders.clear();
        summaries.clear();
        commits = 0;
        const seen = client.getSnapshot();
        act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
        await waitFor(() => expect(client.getSnapshot()).not.toBe(seen));
        expect(commits).toBe(1);
        expect([...renders.entries()]).toEqual([[streamingId, 1]]);
        expect([...summaries.entries()]).toEqual([]);
      }
      expect(summaryEls()).toHaveLength(4);
    } finally {
      await client.disconnect();
      await agent.close();
    }
  });

  it('renders nothing for a chunk streamed into a session in a background tab', async () => {
    const agent = await startRawAgent({ onMessage: (m) => isRequest(m, 'session/prompt') });
    const client = createAcpClient({
      url: agent.url,
      WebSocket: WebSocket as never,
      scheduler: 'sync',
      reconnect: false,
      clientInfo: { name: 'contracts', version: '0' },
    });
    try {
      let commits = 0;
      const { getByRole, getAllByRole, findByText } = render(
        <AcpProvider client={client}>
          <Profiler id="panel" onRender={() => commits++}>
            <AgentPanel cwd="/workspace" showSessionList={false} />
          </Profiler>
        </AcpProvider>,
      );
      const conn = await agent.connection(0);
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']).toBeDefined());
      client.prompt('sess-1', 'background work').catch(() => {}); // left open: the test disconnects
      await waitFor(() => expect(client.getSnapshot().sessions['sess-1']!.turn.state).toBe('running'));
      act(() => getByRole('button', { name: 'New session' }).click());
      await waitFor(() => expect(getAllByRole('tab')).toHaveLength(2));
      await waitFor(() => expect(getAllByRole('tab')[1]).toHaveAttribute('aria-selected', 'true'));
      // The new session's (empty) conversation has rendered: nothing of its own is still to come.
      await findByText(/Send a message to start/);
      for (const text of ['one', ' two', ' three']) {
        renders.clear();
        textParts.clear();
        commits = 0;
        const seen = client.getSnapshot();
        act(() => conn.update('sess-1', { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }));
        await waitFor(() => expect(client.getSnapshot()).not.toBe(seen));
        expect(commits).toBe(0);
        expect(renders.size).toBe(0);
      }
    } finally {
      await client.disconnect();
      await agent.close();
    }
  });
});
