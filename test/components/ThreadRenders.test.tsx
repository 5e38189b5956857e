/**
 * A streaming chunk must re-render only the item it changed: every item is memoized and gets
 * stable props (callbacks through one stable object, terminals compared per card).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { render } from '@testing-library/react';
import { Thread } from '../../src/components/Thread/index.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { SessionState, TerminalState } from '../../src/core/types.js';

const renders = vi.hoisted(() => new Map<string, number>());
const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

// Pass-through spies: plain (unmemoized) wrappers, so they run every time the thread renders them.
vi.mock('../../src/components/Message/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/Message/index.js')>();
  return {
    ...actual,
    Message: (props: Parameters<typeof actual.Message>[0]) => {
      count(props.item.id);
      return <actual.Message {...props} />;
    },
  };
});
vi.mock('../../src/components/ToolCall/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/components/ToolCall/index.js')>();
  return {
    ...actual,
    ToolCall: (props: Parameters<typeof actual.ToolCall>[0]) => {
      count(props.toolCall.id);
      return <actual.ToolCall {...props} />;
    },
  };
});

const say = (s: SessionState, text: string, at = 1500) => applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, at);

function terminal(id: string, output: string): TerminalState {
  return { terminalId: id, sessionId: 's1', command: 'npm', args: ['test'], cwd: null, output, truncated: false, exitStatus: null, released: false };
}

/** Three turns, tool calls with terminals, and a fourth turn streaming an answer. */
function streamingThread(): SessionState {
  let s = createSessionState('s1', { cwd: '/workspace' });
  for (let t = 0; t < 3; t++) {
    s = startTurn(s, `t${t}`, [{ type: 'text', text: `Question ${t}` }], t * 100);
    s = applySessionUpdate(
      s,
      {
        sessionUpdate: 'tool_call',
        toolCallId: `call-${t}`,
        title: `Run tests ${t}`,
        kind: 'execute',
        status: 'in_progress',
        content: [{ type: 'terminal', terminalId: `term-${t}` }],
      },
      t * 100 + 1,
    );
    s = say(s, `Answer ${t}`, t * 100 + 2);
    s = endTurn(s, `t${t}`, { stopReason: 'end_turn' }, t * 100 + 3);
  }
  s = startTurn(s, 't3', [{ type: 'text', text: 'Last question' }], 1000);
  return say(s, 'Streaming', 1001);
}

beforeEach(() => renders.clear());

describe('render isolation', () => {
  it('re-renders only the streaming message on a chunk', () => {
    let s = streamingThread();
    const terminals = { 'term-0': terminal('term-0', 'ok\n'), 'term-1': terminal('term-1', 'ok\n'), 'term-2': terminal('term-2', 'ok\n') };
    let commits = 0;
    const view = (session: SessionState) => (
      <Profiler id="thread" onRender={() => commits++}>
        {/* Inline arrows, as hosts write them: a new identity on every render. */}
        <Thread session={session} terminals={terminals} onRespondPermission={() => {}} onOpenLocation={() => {}} />
      </Profiler>
    );
    const { rerender } = render(view(s));
    const streamingId = s.thread.items.last()!.id;
    expect(renders.size).toBe(s.thread.items.size);

    for (const chunk of [' one', ' two', ' three']) {
      renders.clear();
      s = say(s, chunk);
      rerender(view(s));
      expect([...renders.entries()]).toEqual([[streamingId, 1]]);
    }
    expect(commits).toBeGreaterThan(0);
  });

  it('re-renders only the card whose terminal printed', () => {
    const s = streamingThread();
    const base = { 'term-0': terminal('term-0', 'a\n'), 'term-1': terminal('term-1', 'b\n'), 'term-2': terminal('term-2', 'c\n') };
    const { rerender } = render(<Thread session={s} terminals={base} />);
    renders.clear();
    rerender(<Thread session={s} terminals={{ ...base, 'term-1': terminal('term-1', 'b\nmore\n') }} />);
    const card = s.thread.items.toArray().find((item) => item.kind === 'tool_call' && item.toolCallId === 'call-1')!;
    expect([...renders.entries()]).toEqual([[card.id, 1]]);
  });

  it('re-renders the previous tail once when a new item takes over streaming', () => {
    let s = streamingThread();
    const { rerender } = render(<Thread session={s} />);
    const previous = s.thread.items.last()!.id;
    renders.clear();
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'call-new', title: 'Search', kind: 'search', status: 'in_progress' }, 1100);
    rerender(<Thread session={s} />);
    const added = s.thread.items.last()!.id;
    expect(new Set(renders.keys())).toEqual(new Set([previous, added]));
  });
});

describe('commits per store notification', () => {
  it('announces a turn end in the same commit that shows it ended', () => {
    let s = streamingThread();
    let commits = 0;
    const view = (session: SessionState) => (
      <Profiler id="thread" onRender={() => commits++}>
        <Thread session={session} />
      </Profiler>
    );
    const { container, rerender } = render(view(s));
    const announcer = container.querySelector('[data-slot="thread-announcer"]')!;
    expect(announcer).toHaveTextContent('');

    commits = 0;
    s = endTurn(s, 't3', { stopReason: 'end_turn' }, 1100);
    rerender(view(s));
    expect(commits).toBe(1);
    expect(announcer).toHaveTextContent('Response complete');
    expect(announcer.children).toHaveLength(1);

    // Said once: a later update that ends nothing leaves the announcement as it was.
    const spoken = announcer.firstElementChild;
    commits = 0;
    rerender(view({ ...s, cwd: '/elsewhere' }));
    expect(commits).toBe(1);
    expect(announcer.firstElementChild).toBe(spoken);
  });
});
