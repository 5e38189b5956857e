import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { AcpUiProvider } from '../../src/components/shared/index.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn, cancelTurn } from '../../src/core/index.js';
import type { ElicitationState, PermissionRequestState, SessionState } from '../../src/core/types.js';

// Sessions are built with the real reducer, so the shapes are exactly what the store produces.
const update = (s: SessionState, u: Record<string, unknown>, at = 1500) => applySessionUpdate(s, u, at);
const say = (s: SessionState, text: string, at = 1500) => update(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }, at);
const prompt = (s: SessionState, turnId: string, text: string, at = 1000) => startTurn(s, turnId, [{ type: 'text', text }], at);

function session(): SessionState {
  return createSessionState('s1', { cwd: '/workspace' });
}

function everyKind(): SessionState {
  let s = prompt(session(), 't1', 'Fix the greeting');
  s = update(s, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Looking at greet()' } }, 1100);
  s = say(s, 'Reading the file first.', 1200);
  s = update(s, { sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'Read greeting.ts', kind: 'read', status: 'completed' }, 1300);
  s = update(s, { sessionUpdate: 'notice', severity: 'warning', title: 'Rate limit close' }, 1400);
  s = update(s, { sessionUpdate: 'compaction_update', compactionId: 'c1', status: 'completed', summary: [{ type: 'text', text: 'Earlier: greet()' }] }, 1450);
  s = update(s, { sessionUpdate: 'hologram_update', shape: 'cube' }, 1460);
  return endTurn(s, 't1', { stopReason: 'end_turn' }, 2000);
}

function permission(patch: Partial<PermissionRequestState> = {}): PermissionRequestState {
  return {
    requestId: 'perm-1',
    sessionId: 's1',
    toolCall: { toolCallId: 'call-edit', title: 'Edit greeting.ts' },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    status: 'pending',
    optionId: null,
    byPolicy: false,
    createdAt: 1600,
    ...patch,
  };
}

function elicitation(patch: Partial<ElicitationState> = {}): ElicitationState {
  return {
    requestId: 'el-1',
    mode: 'form',
    message: 'Pick a name',
    sessionId: 's1',
    toolCallId: 'call-form',
    scopeRequestId: null,
    requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Project name' } }, required: ['name'] },
    url: null,
    elicitationId: null,
    status: 'pending',
    response: null,
    createdAt: 1600,
    ...patch,
  };
}

/** A running turn with an edit tool call waiting for permission. */
function editTurn(): SessionState {
  let s = prompt(session(), 't1', 'Edit it');
  s = update(s, { sessionUpdate: 'tool_call', toolCallId: 'call-edit', title: 'Edit greeting.ts', kind: 'edit', status: 'pending' }, 1500);
  return s;
}

const items = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-slot="thread-item"]')].map((el) => el.dataset.kind);
const turnsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-slot="thread-turn"]')];
const announcer = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-slot="thread-announcer"]')!;

describe('Thread rendering', () => {
  it('renders every item kind in thread order, grouped by turn', () => {
    const { container } = render(<Thread session={everyKind()} />);
    expect(items(container)).toEqual(['user_message', 'thought', 'agent_message', 'tool_call', 'notice', 'compaction', 'unsupported']);
    expect(turnsOf(container)).toHaveLength(1);
    expect(screen.getByText('Fix the greeting')).toBeInTheDocument();
    expect(screen.getByText('Reading the file first.')).toBeInTheDocument();
    expect(screen.getByText('Read greeting.ts')).toBeInTheDocument();
    expect(screen.getByText('Context compacted')).toBeInTheDocument();
    expect(screen.getByText('Unsupported update: hologram_update — Unknown update kind "hologram_update".')).toBeInTheDocument();
    // The raw JSON sits in a disclosure.
    expect(screen.getByText('Raw JSON').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText('Summary').closest('details')).toBeInTheDocument();
  });

  it('splits turns at their start index and loaded history at user messages', () => {
    let s = session();
    // History as session/load replays it: no turn records.
    s = update(s, { sessionUpdate: 'user_message_chunk', messageId: 'u1', content: { type: 'text', text: 'Old question' } });
    s = update(s, { sessionUpdate: 'agent_message_chunk', messageId: 'a1', content: { type: 'text', text: 'Old answer' } });
    s = update(s, { sessionUpdate: 'user_message_chunk', messageId: 'u2', content: { type: 'text', text: 'Second question' } });
    s = prompt(s, 't1', 'New question', 3000);
    s = say(s, 'New answer', 3100);
    const { container } = render(<Thread session={s} />);
    const turns = turnsOf(container);
    expect(turns.map((t) => t.dataset.status)).toEqual(['history', 'history', 'running']);
    expect(within(turns[2]!).getByText('New answer')).toBeInTheDocument();
  });

  it('shows the empty state, and a custom one', () => {
    const { rerender } = render(<Thread session={session()} />);
    expect(screen.getByText('Send a message to start')).toBeInTheDocument();
    rerender(<Thread session={session()} emptyState={<p>Ask the agent anything</p>} />);
    expect(screen.getByText('Ask the agent anything')).toBeInTheDocument();
  });

  it('shows loading and restoring as status, a lost session as an alert with its reason', () => {
    const { container, rerender } = render(<Thread session={{ ...session(), status: 'loading' }} />);
    const banner = container.querySelector('[data-slot="session-status"]');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('Loading the session…');
    rerender(<Thread session={{ ...session(), status: 'restoring' }} />);
    expect(screen.getByText('Restoring the session…')).toBeInTheDocument();
    rerender(<Thread session={{ ...session(), status: 'lost', statusReason: 'The agent cannot load sessions.' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This session is no longer available: The agent cannot load sessions.');
  });

  it('lets renderItem replace or keep the default view', () => {
    const { container } = render(
      <Thread session={everyKind()} renderItem={(item, { defaultView }) => (item.kind === 'notice' ? <p>Custom notice: {item.title}</p> : defaultView)} />,
    );
    expect(screen.getByText('Custom notice: Rate limit close')).toBeInTheDocument();
    expect(items(container)).toContain('tool_call');
  });

  it('pins the latest plan under the log', () => {
    let s = prompt(session(), 't1', 'Plan it');
    s = update(s, {
      sessionUpdate: 'plan',
      entries: [
        { content: 'Read the code', priority: 'high', status: 'completed' },
        { content: 'Edit', priority: 'medium', status: 'pending' },
      ],
    });
    const { container } = render(<Thread session={s} />);
    const plan = container.querySelector('[data-slot="thread-plan"]')!;
    expect(plan.closest('[data-slot="thread-log"]')).toBeNull();
    expect(within(plan as HTMLElement).getByText('Read the code')).toBeInTheDocument();
  });
});

describe('permission requests and elicitations', () => {
  it('puts a permission prompt inside the matching tool call card and answers through the callback', async () => {
    const onRespond = vi.fn();
    const { container } = render(<Thread session={editTurn()} permissionRequests={[permission()]} onRespondPermission={onRespond} />);
    const card = container.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
    const slot = card.querySelector<HTMLElement>('[data-slot="tool-call-permission"]')!;
    expect(within(slot).getByRole('group', { name: 'Permission needed: Edit greeting.ts' })).toBeInTheDocument();
    expect(items(container)).not.toContain('permission');
    await userEvent.click(within(slot).getByRole('button', { name: /Allow/ }));
    expect(onRespond).toHaveBeenCalledWith('perm-1', 'allow');
  });

  it('mounts a burst of tool call cards with their prompts in slices: titled frames first, then every card answerable', async () => {
    // A clock that moves 5 ms a look: the render's slice is spent after a few cards.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    let s = prompt(session(), 't1', 'Fan out');
    const requests: PermissionRequestState[] = [];
    for (let i = 1; i <= 40; i++) {
      s = update(s, { sessionUpdate: 'tool_call', toolCallId: `c${i}`, title: `Step ${i}`, kind: 'execute', status: 'pending' }, 1100 + i);
      requests.push(permission({ requestId: `p${i}`, toolCall: { toolCallId: `c${i}`, title: `Step ${i}` }, createdAt: 1200 + i }));
    }
    const onRespond = vi.fn();
    try {
      const { container } = render(<Thread session={s} permissionRequests={requests} onRespondPermission={onRespond} />);
      const frames = container.querySelectorAll('[data-slot="tool-call-placeholder"]');
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.length).toBeLessThan(40);
      expect(frames[0]).toHaveAttribute('aria-busy', 'true');
      expect(frames[0]!.textContent).toMatch(/^Step \d+$/);
      await vi.waitFor(() => expect(container.querySelectorAll('[data-slot="tool-call-placeholder"]')).toHaveLength(0));
      expect(container.querySelectorAll('[data-slot="tool-call"] [data-slot="tool-call-permission"]')).toHaveLength(40);
      expect(screen.getByRole('group', { name: 'Permission needed: Step 1' })).toHaveFocus();
      await userEvent.click(within(screen.getByRole('group', { name: 'Permission needed: Step 40' })).getByRole('button', { name: /Allow/ }));
      expect(onRespond).toHaveBeenCalledWith('p40', 'allow');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('shows a request without a matching card at the end of its turn, several pending as a queue', () => {
    let s = prompt(session(), 't1', 'First', 1000);
    s = endTurn(s, 't1', { stopReason: 'end_turn' }, 1200);
    s = prompt(s, 't2', 'Second', 1300);
    s = say(s, 'Working on it', 1400);
    const requests = [
      permission({ requestId: 'p-a', toolCall: { toolCallId: 'nowhere-a', title: 'Run npm install' }, createdAt: 1500 }),
      permission({ requestId: 'p-b', toolCall: { toolCallId: 'nowhere-b', title: 'Delete dist' }, createdAt: 1510 }),
      permission({ requestId: 'p-old', toolCall: { toolCallId: 'nowhere-c', title: 'Old one' }, status: 'answered', optionId: 'allow', createdAt: 1100 }),
    ];
    const { container } = render(<Thread session={s} permissionRequests={requests} />);
    const [first, second] = turnsOf(container);
    // The answered one stays in the turn it arrived in, as a record.
    expect(within(first!).getByText('You chose: Allow')).toBeInTheDocument();
    const queue = second!.querySelector<HTMLElement>('.acp-permission-queue')!;
    expect(queue).not.toBeNull();
    expect(within(queue).getByText('Request 1 of 2')).toBeInTheDocument();
    // After the turn's items, before its status line.
    const kinds = [...second!.children].map((el) => (el as HTMLElement).dataset.kind ?? (el as HTMLElement).dataset.slot);
    expect(kinds).toEqual(['user_message', 'agent_message', 'permission', 'thread-turn-status']);
  });

  it('puts an elicitation inside its tool call card, and one without a card at the end of the turn', () => {
    let s = prompt(session(), 't1', '/form');
    s = update(s, { sessionUpdate: 'tool_call', toolCallId: 'call-form', title: 'Collect settings', kind: 'other', status: 'in_progress' });
    const { container, rerender } = render(<Thread session={s} elicitations={[elicitation()]} />);
    const card = container.querySelector<HTMLElement>('[data-slot="tool-call"]')!;
    expect(within(card.querySelector<HTMLElement>('[data-slot="tool-call-elicitation"]')!).getByText('Pick a name')).toBeInTheDocument();

    rerender(<Thread session={s} elicitations={[elicitation({ toolCallId: null, message: 'Connection-wide question' })]} />);
    const standalone = container.querySelector<HTMLElement>('[data-kind="elicitation"]')!;
    expect(within(standalone).getByText('Connection-wide question')).toBeInTheDocument();
    expect(card.querySelector('[data-slot="tool-call-elicitation"]')).toBeNull();
  });

  it('shows requests even when the thread is still empty', () => {
    render(<Thread session={session()} permissionRequests={[permission({ toolCall: { toolCallId: 'x', title: 'Early' } })]} />);
    expect(screen.getByRole('group', { name: 'Permission needed: Early' })).toBeInTheDocument();
  });
});

describe('notices', () => {
  function withNotices(): SessionState {
    let s = prompt(session(), 't1', '/notice');
    s = update(s, { sessionUpdate: 'notice', severity: 'info', title: 'Indexed 12 files' });
    s = update(s, { sessionUpdate: 'notice', severity: 'error', title: 'Model overloaded', description: 'Retrying in 5 s' });
    s = update(s, { sessionUpdate: 'notice', severity: 'sparkly', title: 'Something new' });
    return s;
  }

  it('gives errors an alert role, everything else (unknown severities too) a status role', () => {
    const { container } = render(<Thread session={withNotices()} />);
    const notices = [...container.querySelectorAll<HTMLElement>('[data-slot="thread-notice"]')];
    expect(notices.map((n) => [n.dataset.severity, n.getAttribute('role')])).toEqual([
      ['info', 'status'],
      ['error', 'alert'],
      ['info', 'status'],
    ]);
    expect(within(notices[1]!).getByText('Retrying in 5 s')).toBeInTheDocument();
  });

  it('drops the live role once the notice is history (a remount must not announce it again)', () => {
    let s = withNotices();
    s = endTurn(s, 't1', { stopReason: 'end_turn' }, 2000);
    s = prompt(s, 't2', 'Next', 2100);
    const { container } = render(<Thread session={s} />);
    expect(container.querySelector('[data-slot="thread-notice"][role]')).toBeNull();
  });

  it('dismisses a notice locally and keeps focus in the log', async () => {
    const { container } = render(<Thread session={withNotices()} />);
    const error = container.querySelector<HTMLElement>('[data-severity="error"]')!;
    await userEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Model overloaded')).toBeNull();
    expect(screen.getByText('Indexed 12 files')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('log', { name: 'Conversation' }));
  });

  it('says the client’s own notice (a replay the agent refused) in the host’s language; an agent’s notice as it was sent', () => {
    let s = prompt(session(), 't1', 'Hi');
    const meta = { 'acp-react/notice': 'replay_refused' };
    s = update(s, { sessionUpdate: 'notice', severity: 'warning', title: 'The agent could not replay this session; a new session was started.', _meta: meta });
    s = update(s, { sessionUpdate: 'notice', severity: 'info', title: 'Indexed 12 files', _meta: { 'acp-react/notice': 'unknown_code' } });
    render(
      <AcpUiProvider messages={{ thread: { notice_replay_refused: 'Der Agent konnte die Sitzung nicht wiederherstellen.' } }}>
        <Thread session={s} />
      </AcpUiProvider>,
    );
    expect(screen.getByText('Der Agent konnte die Sitzung nicht wiederherstellen.')).toBeInTheDocument();
    expect(screen.queryByText(/could not replay/)).toBeNull();
    expect(screen.getByText('Indexed 12 files')).toBeInTheDocument();
  });
});

describe('turn status', () => {
  it('shows Working… while running and Stopping… while cancelling', () => {
    const running = say(prompt(session(), 't1', 'Go'), 'Partial');
    const { rerender } = render(<Thread session={running} />);
    expect(screen.getByText('Working…')).toBeInTheDocument();
    rerender(<Thread session={cancelTurn(running)} />);
    expect(screen.getByText('Stopping…')).toBeInTheDocument();
    expect(screen.queryByText('Working…')).toBeNull();
  });

  it.each([
    ['max_tokens', 'Response truncated: the token limit was reached'],
    ['max_turn_requests', 'Stopped: step limit reached'],
    ['cancelled', 'Cancelled'],
    ['refusal', "The agent refused; this turn won't be part of the next prompt"],
  ] as const)('explains stop reason %s', (stopReason, text) => {
    const s = endTurn(say(prompt(session(), 't1', 'Go'), 'Answer'), 't1', { stopReason }, 2000);
    const { container } = render(<Thread session={s} />);
    const status = container.querySelector<HTMLElement>('[data-slot="thread-turn-status"]')!;
    expect(status).toHaveTextContent(text);
    // None of these is an error.
    expect(status.dataset.tone).not.toBe('error');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing extra for end_turn', () => {
    const s = endTurn(say(prompt(session(), 't1', 'Go'), 'Answer'), 't1', { stopReason: 'end_turn' }, 2000);
    const { container } = render(<Thread session={s} />);
    expect(container.querySelector('[data-slot="thread-turn-status"]')).toBeNull();
  });

  it('marks a refused turn as excluded and leaves the others alone', () => {
    let s = endTurn(say(prompt(session(), 't1', 'Fine'), 'Sure'), 't1', { stopReason: 'end_turn' }, 1200);
    s = endTurn(say(prompt(s, 't2', 'Bad request', 1300), 'I cannot help with that.', 1400), 't2', { stopReason: 'refusal' }, 1500);
    const { container } = render(<Thread session={s} />);
    const [ok, refused] = turnsOf(container);
    expect(ok).not.toHaveAttribute('data-excluded');
    expect(refused).toHaveAttribute('data-excluded', 'true');
    expect(within(refused!).getByText("The agent refused; this turn won't be part of the next prompt")).toBeInTheDocument();
  });

  it('shows a failed turn as an alert with the error, and an interrupted one', () => {
    const failed = endTurn(prompt(session(), 't1', 'Go'), 't1', { error: { code: -32000, message: 'Authentication required' } }, 2000);
    const { rerender } = render(<Thread session={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The turn failed: Authentication required');
    const interrupted = endTurn(
      say(prompt(session(), 't1', 'Go'), 'Half'),
      't1',
      { error: { code: 'connection_closed', message: 'lost' }, interrupted: true },
      2000,
    );
    rerender(<Thread session={interrupted} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Interrupted: the connection dropped');
  });

  it('keeps the alert role only on the newest turn', () => {
    let s = endTurn(prompt(session(), 't1', 'Go'), 't1', { error: { code: 1, message: 'Boom' } }, 1100);
    s = prompt(s, 't2', 'Again', 1200);
    render(<Thread session={s} />);
    expect(screen.getByText('The turn failed: Boom')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('live announcements', () => {
  it('announces turn completion and new permission requests, never streamed chunks', () => {
    let s = say(prompt(session(), 't1', 'Go'), 'Hel');
    const { container, rerender } = render(<Thread session={s} />);
    expect(announcer(container)).toHaveTextContent('');
    expect(announcer(container)).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('log', { name: 'Conversation' })).toHaveAttribute('aria-live', 'off');

    s = say(s, 'lo there');
    rerender(<Thread session={s} />);
    expect(announcer(container)).toHaveTextContent('');

    s = update(s, { sessionUpdate: 'tool_call', toolCallId: 'call-edit', title: 'Edit greeting.ts', kind: 'edit', status: 'pending' });
    rerender(<Thread session={s} permissionRequests={[permission()]} />);
    expect(announcer(container)).toHaveTextContent('The agent asks for permission: Edit greeting.ts');

    s = endTurn(s, 't1', { stopReason: 'end_turn' }, 2000);
    rerender(<Thread session={s} permissionRequests={[permission({ status: 'answered', optionId: 'allow' })]} />);
    expect(announcer(container)).toHaveTextContent('Response complete');

    // The next turn completing says it again (a fresh node, so screen readers repeat it).
    const before = announcer(container).firstElementChild;
    s = endTurn(say(prompt(s, 't2', 'More', 2100), 'Done', 2200), 't2', { stopReason: 'cancelled' }, 2300);
    rerender(<Thread session={s} />);
    expect(announcer(container)).toHaveTextContent('Cancelled');
    expect(announcer(container).firstElementChild).not.toBe(before);
  });

  it('does not announce what was already there on mount', () => {
    const s = endTurn(say(prompt(session(), 't1', 'Go'), 'Done'), 't1', { stopReason: 'end_turn' }, 2000);
    const { container } = render(<Thread session={s} permissionRequests={[permission({ toolCall: { toolCallId: 'x', title: 'Old' } })]} />);
    expect(announcer(container)).toHaveTextContent('');
  });

  it('leaves failures to their alert instead of saying them twice', () => {
    const s = prompt(session(), 't1', 'Go');
    const { container, rerender } = render(<Thread session={s} />);
    act(() => {
      rerender(<Thread session={endTurn(s, 't1', { error: { code: 1, message: 'Boom' } }, 2000)} />);
    });
    expect(announcer(container)).toHaveTextContent('');
    expect(screen.getByRole('alert')).toHaveTextContent('Boom');
  });
});
