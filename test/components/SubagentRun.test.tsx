/**
 * A sub-agent's run inside its tool call's card: folded by default to its progress (steps,
 * status, current step), a disclosure button that the keyboard opens, the nested items rendered
 * with the thread's components, and a chunk into the run re-rendering nothing else of the thread.
 * Sessions are built with the real reducer from the updates claude-agent-acp sends for a `Task`.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { AcpUiProvider } from '../../src/components/shared/index.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../../src/core/index.js';
import type { SessionState, ToolCallItem } from '../../src/core/types.js';

const renders = vi.hoisted(() => new Map<string, number>());
const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

// Pass-through spies (unmemoized, so they run every time their parent renders them): the
// thread's cards and every message, the run's nested ones included.
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

const under = (parent: string) => ({ _meta: { claudeCode: { parentToolUseId: parent } } });
let clock = 100;
const apply = (s: SessionState, ...updates: object[]) => updates.reduce<SessionState>((acc, u) => applySessionUpdate(acc, u, clock++), s);

/** A turn that asked a sub-agent: an answer before, the Task with its run streaming. */
function delegating(): SessionState {
  let s = createSessionState('s1', { cwd: '/workspace' });
  s = startTurn(s, 't0', [{ type: 'text', text: 'Why is CI red?' }], 1);
  return apply(
    s,
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Let me ask a sub-agent.' } },
    { sessionUpdate: 'tool_call', toolCallId: 'task', title: 'Find the flaky test', kind: 'think', status: 'in_progress' },
    { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'Find the flaky test in test/' }, ...under('task') },
    { sessionUpdate: 'tool_call', toolCallId: 'grep', title: 'grep -r retry test/', kind: 'search', status: 'completed', ...under('task') },
    { sessionUpdate: 'tool_call', toolCallId: 'read', title: 'Read test/net.test.ts', kind: 'read', status: 'in_progress', ...under('task') },
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The flaky one' }, ...under('task') },
  );
}

const taskOf = (s: SessionState) => s.thread.items.toArray().find((i): i is ToolCallItem => i.kind === 'tool_call' && i.toolCallId === 'task')!;
const runTrigger = (card: HTMLElement) => card.querySelector<HTMLButtonElement>('[data-slot="tool-call-run-trigger"]')!;

beforeEach(() => renders.clear());

describe('a sub-agent run in its tool call', () => {
  it('is folded by default to its progress: steps, status, current step; nothing of the run is mounted', () => {
    const s = delegating();
    const { container } = render(<ToolCall toolCall={taskOf(s)} />);
    const trigger = runTrigger(container);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('Sub-agent');
    expect(within(trigger).getByText('2 steps')).toBeInTheDocument();
    expect(within(trigger).getByText('In progress')).toBeInTheDocument();
    expect(within(trigger).getByText('Now: Read test/net.test.ts')).toBeInTheDocument();
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel).toHaveAttribute('data-slot', 'tool-call-run-panel');
    expect(panel).not.toBeVisible();
    expect(panel).toBeEmptyDOMElement();
    expect(container.querySelector('[data-slot="tool-call-run"]')).toHaveAttribute('data-state', 'closed');
  });

  it('opens from the keyboard into the run’s own items, each with the thread’s component, and folds again', async () => {
    const user = userEvent.setup();
    const s = delegating();
    const { container } = render(<ToolCall toolCall={taskOf(s)} />);
    const trigger = runTrigger(container);
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Sub-agent steps' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((li) => li.getAttribute('data-kind'))).toEqual(['user_message', 'tool_call', 'tool_call', 'agent_message']);
    expect(within(steps[0]!).getByText('Find the flaky test in test/')).toBeInTheDocument();
    expect(within(steps[2]!).getByText('Read test/net.test.ts')).toBeInTheDocument();
    expect(steps[2]!.querySelector('[data-slot="tool-call"]')).toHaveAttribute('data-status', 'in_progress');
    expect(within(steps[3]!).getByText('The flaky one')).toBeInTheDocument();

    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Sub-agent steps' })).toBeNull();
  });

  it('says which step came last once the run is over, with the card’s status', () => {
    let s = delegating();
    s = apply(s, { sessionUpdate: 'tool_call_update', toolCallId: 'task', status: 'failed' });
    const { container } = render(<ToolCall toolCall={taskOf(s)} />);
    const trigger = runTrigger(container);
    expect(within(trigger).getByText('Failed')).toBeInTheDocument();
    expect(within(trigger).getByText('Last: Read test/net.test.ts')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="tool-call-run"]')).toHaveAttribute('data-status', 'failed');
  });

  it('shows a run inside a run folded in its own card, one step, in the host’s strings', async () => {
    const user = userEvent.setup();
    let s = createSessionState('s1');
    s = apply(
      s,
      { sessionUpdate: 'tool_call', toolCallId: 'outer', title: 'Plan the fix', kind: 'think', status: 'in_progress' },
      { sessionUpdate: 'tool_call', toolCallId: 'inner', title: 'Check the logs', kind: 'think', status: 'in_progress', ...under('outer') },
      { sessionUpdate: 'tool_call', toolCallId: 'leaf', title: 'Read ci.log', kind: 'read', status: 'completed', ...under('inner') },
    );
    const { container } = render(
      <AcpUiProvider messages={{ subagentRun: { steps_one: '{count} Schritt', label: 'Unteragent' } }}>
        <ToolCall toolCall={s.thread.items.get(0) as ToolCallItem} />
      </AcpUiProvider>,
    );
    const outer = runTrigger(container);
    expect(outer).toHaveTextContent('Unteragent');
    expect(within(outer).getByText('1 Schritt')).toBeInTheDocument();
    await user.click(outer);
    const list = await screen.findByRole('list', { name: 'Sub-agent steps' });
    const innerCard = list.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
    expect(within(innerCard).getByText('Check the logs')).toBeInTheDocument();
    expect(runTrigger(innerCard)).toHaveAttribute('aria-expanded', 'false');
    expect(within(runTrigger(innerCard)).getByText('Now: Read ci.log')).toBeInTheDocument();
  });

  it('a chunk into a folded run re-renders its card and nothing else of the thread', () => {
    let s = delegating();
    const { rerender } = render(<Thread session={s} />);
    const taskId = taskOf(s).id;
    // Folded: none of the run's messages is mounted.
    const nested = taskOf(s)
      .run!.thread.items.toArray()
      .map((i) => i.id);
    expect(nested.some((id) => renders.has(id))).toBe(false);
    for (const text of [' is', ' net.test.ts']) {
      renders.clear();
      s = apply(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, ...under('task') });
      rerender(<Thread session={s} />);
      expect([...renders.entries()]).toEqual([[taskId, 1]]);
    }
  });

  it('expanded, a chunk re-renders its card and the one nested message it went into', async () => {
    const user = userEvent.setup();
    let s = delegating();
    const { container, rerender } = render(<Thread session={s} />);
    await user.click(runTrigger(container.querySelector<HTMLElement>('[data-kind="think"]')!));
    await screen.findByRole('list', { name: 'Sub-agent steps' });
    const nestedMessage = taskOf(s).run!.thread.items.last()!.id;
    renders.clear();
    s = apply(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: ' is net.test.ts' }, ...under('task') });
    rerender(<Thread session={s} />);
    expect(new Map(renders)).toEqual(
      new Map([
        [taskOf(s).id, 1],
        [nestedMessage, 1],
      ]),
    );
    expect(screen.getByText('The flaky one is net.test.ts')).toBeInTheDocument();
  });

  it('the turn’s end leaves the folded run with its final status', () => {
    let s = delegating();
    s = apply(s, { sessionUpdate: 'tool_call_update', toolCallId: 'task', status: 'completed' });
    s = endTurn(s, 't0', { stopReason: 'end_turn' }, 999);
    const { container } = render(<Thread session={s} />);
    const trigger = runTrigger(container.querySelector<HTMLElement>('[data-kind="think"]')!);
    expect(within(trigger).getByText('Completed')).toBeInTheDocument();
    expect(within(trigger).getByText('Last: Read test/net.test.ts')).toBeInTheDocument();
  });
});
