import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionPrompt, PermissionQueue } from '../../src/components/PermissionPrompt/index.js';
import { isDeliberate, optionIndexForKey, shortcutKey } from '../../src/components/PermissionPrompt/shortcuts.js';
import type { PermissionRequestState } from '../../src/core/types.js';

function request(extra: Partial<PermissionRequestState> = {}): PermissionRequestState {
  return {
    requestId: 'p1',
    sessionId: 's1',
    toolCall: {
      toolCallId: 'call_1',
      title: 'Run the test suite',
      kind: 'execute',
      rawInput: { command: 'npm test -- --run' },
      locations: [{ path: '/repo/package.json' }],
    },
    options: [
      { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
      { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
      { optionId: 'no', name: 'Reject', kind: 'reject_once' },
      { optionId: 'never', name: 'Never allow', kind: 'reject_always' },
    ],
    status: 'pending',
    optionId: null,
    byPolicy: false,
    createdAt: 0,
    ...extra,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

function renderPrompt(extra: Partial<PermissionRequestState> = {}, props: Partial<Parameters<typeof PermissionPrompt>[0]> = {}) {
  const onRespond = vi.fn();
  const user = userEvent.setup();
  const utils = render(<PermissionPrompt request={request(extra)} onRespond={onRespond} shortcutGuardMs={0} {...props} />);
  return { ...utils, onRespond, user, group: screen.getByRole('group', { name: /Permission needed/ }) };
}

describe('PermissionPrompt', () => {
  it('shows the tool call and the options in the agent order, styled by kind', () => {
    const { group } = renderPrompt();
    expect(group).toHaveAccessibleName('Permission needed: Run the test suite');
    expect(within(group).getByText('Run command')).toBeInTheDocument();
    expect(within(group).getByText('npm test -- --run')).toBeInTheDocument();
    expect(within(group).getByText('/repo/package.json')).toBeInTheDocument();
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['1Allow once', '2Always allowremembered', '3Reject', '4Never allowremembered']);
    expect(buttons.map((b) => b.getAttribute('data-tone'))).toEqual(['allow', 'allow', 'reject', 'reject']);
    expect(buttons[0]).toHaveAccessibleName('Allow once');
    expect(buttons[2]).toHaveAttribute('aria-keyshortcuts', '3');
  });

  it('joins an argv command and shows unknown option kinds neutrally', () => {
    renderPrompt({
      toolCall: { toolCallId: 'c', rawInput: { command: ['git', 'push', '--force'] } },
      options: [{ optionId: 'x', name: 'Maybe', kind: 'ask_later' as never }],
    });
    expect(screen.getByText('git push --force')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('data-tone', 'neutral');
    expect(screen.getByRole('group')).toHaveAccessibleName('Permission needed');
  });

  it('moves focus to the prompt container, not to a button', () => {
    const { group } = renderPrompt();
    expect(group).toHaveFocus();
    expect(group).toHaveAttribute('tabindex', '-1');
  });

  it('does nothing on Enter or Space while the container has focus', async () => {
    const { onRespond, user } = renderPrompt();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('answers once on click, even on a double click', async () => {
    const { onRespond, user, group } = renderPrompt();
    await user.dblClick(screen.getByRole('button', { name: /Always allow/ }));
    expect(onRespond).toHaveBeenCalledTimes(1);
    expect(onRespond).toHaveBeenCalledWith('p1', 'always');
    expect(group).toHaveAttribute('data-status', 'answered');
    for (const button of within(group).getAllByRole('button')) expect(button).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.keyboard('3');
    expect(onRespond).toHaveBeenCalledTimes(1);
  });

  it('answers once when two clicks land before React re-renders', () => {
    const { onRespond } = renderPrompt();
    const allow = screen.getByRole('button', { name: 'Allow once' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    act(() => {
      allow.click();
      reject.click();
    });
    expect(onRespond).toHaveBeenCalledTimes(1);
    expect(onRespond).toHaveBeenCalledWith('p1', 'once');
  });

  it('answers with a digit shortcut while focus is inside', async () => {
    const { onRespond, user } = renderPrompt();
    await user.keyboard('3');
    expect(onRespond).toHaveBeenCalledWith('p1', 'no');
    await user.keyboard('1');
    expect(onRespond).toHaveBeenCalledTimes(1);
  });

  it('ignores shortcuts with modifiers and digits past the options', async () => {
    const { onRespond, user } = renderPrompt();
    await user.keyboard('{Control>}1{/Control}');
    await user.keyboard('9');
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('never fires shortcuts while focus is outside the prompt', async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="elsewhere" />
        <PermissionPrompt request={request()} onRespond={onRespond} shortcutGuardMs={0} />
      </>,
    );
    await user.click(screen.getByLabelText('elsewhere'));
    await user.keyboard('1');
    fireEvent.keyDown(document.body, { key: '1' });
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('ignores a digit typed right as the prompt appears', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const onRespond = vi.fn();
    render(<PermissionPrompt request={request()} onRespond={onRespond} />);
    const group = screen.getByRole('group');
    now.mockReturnValue(1_100);
    fireEvent.keyDown(group, { key: '1' });
    // Still typing: every key inside the quiet period restarts it.
    now.mockReturnValue(1_450);
    fireEvent.keyDown(group, { key: '1' });
    expect(onRespond).not.toHaveBeenCalled();
    now.mockReturnValue(2_000);
    fireEvent.keyDown(group, { key: '1' });
    expect(onRespond).toHaveBeenCalledWith('p1', 'once');
  });

  it('keeps focus in the prompt after answering', async () => {
    const { user, group } = renderPrompt();
    await user.click(screen.getByRole('button', { name: 'Allow once' }));
    expect(group).toHaveFocus();
  });

  it('focuses only the first of a burst of prompts that appear together, once', () => {
    // An agent asking a hundred permissions at once: each focus() lays the page out, and the last
    // prompt must not win over the first one the user should answer.
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    const requests = [1, 2, 3].map((n) => request({ requestId: `p${n}`, toolCall: { toolCallId: `c${n}`, title: `Step ${n}` } }));
    render(
      <>
        {requests.map((r) => (
          <PermissionPrompt key={r.requestId} request={r} onRespond={() => {}} />
        ))}
      </>,
    );
    expect(screen.getByRole('group', { name: 'Permission needed: Step 1' })).toHaveFocus();
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('leaves focus on an earlier prompt still waiting when another appears, and takes it once that one is answered', async () => {
    const user = userEvent.setup();
    const a = render(<PermissionPrompt request={request({ requestId: 'a', toolCall: { toolCallId: 'a', title: 'First' } })} onRespond={() => {}} />);
    const first = screen.getByRole('group', { name: 'Permission needed: First' });
    render(<PermissionPrompt request={request({ requestId: 'b', toolCall: { toolCallId: 'b', title: 'Second' } })} onRespond={() => {}} />);
    expect(first).toHaveFocus();
    await user.click(within(first).getByRole('button', { name: 'Allow once' }));
    expect(screen.getByRole('group', { name: 'Permission needed: Second' })).toHaveFocus();
    a.unmount();
    render(<PermissionPrompt request={request({ requestId: 'c', toolCall: { toolCallId: 'c', title: 'Third' } })} onRespond={() => {}} />);
    // The second still waits with focus: the third waits its turn.
    expect(screen.getByRole('group', { name: 'Permission needed: Second' })).toHaveFocus();
  });

  it('answers a burst from the keyboard one after another, each shortcut after a pause in typing', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
    const onRespond = vi.fn();
    const requests = [1, 2, 3].map((n) => request({ requestId: `p${n}`, toolCall: { toolCallId: `c${n}`, title: `Step ${n}` } }));
    render(
      <>
        {requests.map((r) => (
          <PermissionPrompt key={r.requestId} request={r} onRespond={onRespond} />
        ))}
      </>,
    );
    for (const [n, at] of [
      [1, 2_000],
      [2, 3_000],
      [3, 4_000],
    ] as const) {
      const group = screen.getByRole('group', { name: `Permission needed: Step ${n}` });
      expect(group).toHaveFocus();
      now.mockReturnValue(at);
      fireEvent.keyDown(group, { key: '1' });
      expect(onRespond).toHaveBeenLastCalledWith(`p${n}`, 'once');
      // The same key again at once (held down, pressed twice) does not answer the next one.
      if (n < 3) {
        fireEvent.keyDown(screen.getByRole('group', { name: `Permission needed: Step ${n + 1}` }), { key: '1' });
        expect(onRespond).toHaveBeenCalledTimes(n);
      }
    }
    // The last keeps focus once answered, as a lone prompt does.
    expect(screen.getByRole('group', { name: 'Permission needed: Step 3' })).toHaveFocus();
  });

  it('mounts a burst of prompts in slices: the first at once, the others titled until their turn, then all answerable', async () => {
    // A clock that moves 5 ms each time it is read: the slice is spent after a couple of prompts.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 5));
    const onRespond = vi.fn();
    const requests = Array.from({ length: 30 }, (_, i) => request({ requestId: `p${i}`, toolCall: { toolCallId: `c${i}`, title: `Step ${i + 1}` } }));
    const { container } = render(
      <>
        {requests.map((r) => (
          <PermissionPrompt key={r.requestId} request={r} onRespond={onRespond} />
        ))}
      </>,
    );
    const waitingNow = container.querySelectorAll('[data-slot="permission"][data-mounting]');
    expect(waitingNow.length).toBeGreaterThan(0);
    expect(waitingNow.length).toBeLessThan(30);
    expect(within(waitingNow[0] as HTMLElement).getByText(/Permission needed: Step \d+/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Permission needed: Step 1' })).toHaveFocus();
    await waitFor(() => expect(container.querySelectorAll('[data-mounting]')).toHaveLength(0));
    expect(screen.getAllByRole('button', { name: 'Allow once' })).toHaveLength(30);
    // The first still has focus: the later ones did not take it as they mounted.
    expect(screen.getByRole('group', { name: 'Permission needed: Step 1' })).toHaveFocus();
    fireEvent.click(within(screen.getByRole('group', { name: 'Permission needed: Step 30' })).getByRole('button', { name: 'Reject' }));
    expect(onRespond).toHaveBeenCalledWith('p29', 'no');
  });

  it('shows which option was chosen when answered', () => {
    const { group } = renderPrompt({ status: 'answered', optionId: 'never' });
    expect(group).toHaveAttribute('data-status', 'answered');
    expect(within(group).getByRole('status')).toHaveTextContent('You chose: Never allow');
    expect(screen.getByRole('button', { name: /Never allow/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Allow once/ })).toHaveAttribute('aria-pressed', 'false');
    expect(group).not.toHaveFocus();
  });

  it('says when a policy answered', () => {
    renderPrompt({ status: 'answered', optionId: 'once', byPolicy: true });
    expect(screen.getByRole('status')).toHaveTextContent('Answered automatically by your policy: Allow once');
  });

  it.each([
    ['cancelled', 'Cancelled: the turn ended before you answered.'],
    ['interrupted', 'Interrupted: the connection dropped before an answer was sent.'],
  ] as const)('shows the %s state without options', async (status, text) => {
    const { group, onRespond, user } = renderPrompt({ status });
    expect(group).toHaveAttribute('data-status', status);
    expect(within(group).getByRole('status')).toHaveTextContent(text);
    expect(within(group).queryByRole('button')).toBeNull();
    fireEvent.keyDown(group, { key: '1' });
    await user.keyboard('1');
    expect(onRespond).not.toHaveBeenCalled();
  });

  it('renders the details slot and can hide the tool call summary', () => {
    renderPrompt({}, { details: <pre>diff --git a/x b/x</pre>, showToolCall: false });
    expect(screen.getByText('diff --git a/x b/x')).toBeInTheDocument();
    expect(screen.queryByText('npm test -- --run')).toBeNull();
  });

  it('starts fresh for a new request', async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<PermissionPrompt request={request()} onRespond={onRespond} shortcutGuardMs={0} />);
    await user.click(screen.getByRole('button', { name: 'Allow once' }));
    rerender(<PermissionPrompt request={request({ requestId: 'p2' })} onRespond={onRespond} shortcutGuardMs={0} />);
    expect(screen.getByRole('group')).toHaveAttribute('data-status', 'pending');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onRespond).toHaveBeenLastCalledWith('p2', 'no');
  });
});

describe('PermissionQueue', () => {
  const three = [
    request({ requestId: 'a', toolCall: { toolCallId: '1', title: 'Edit config.json' } }),
    request({ requestId: 'done', status: 'answered', optionId: 'once', toolCall: { toolCallId: '0', title: 'Old one' } }),
    request({ requestId: 'b', toolCall: { toolCallId: '2', title: 'Run migrations' } }),
    request({ requestId: 'c', toolCall: { toolCallId: '3', title: 'Delete build/' } }),
  ];

  it('shows the count, the first pending request active and the others listed', () => {
    render(<PermissionQueue requests={three} onRespond={vi.fn()} />);
    const queue = screen.getByRole('region', { name: 'Permission requests' });
    expect(within(queue).getByText('Request 1 of 3')).toBeInTheDocument();
    expect(within(queue).getByRole('group')).toHaveAccessibleName('Permission needed: Edit config.json');
    expect(within(queue).getByRole('group')).toHaveFocus();
    const waiting = within(queue).getByRole('list', { name: 'Waiting' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Run migrations', 'Delete build/']);
    expect(within(queue).queryByText('Old one')).toBeNull();
  });

  it('answers the active request and moves on when the host updates it', async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<PermissionQueue requests={three} onRespond={onRespond} shortcutGuardMs={0} />);
    await user.keyboard('3');
    expect(onRespond).toHaveBeenCalledWith('a', 'no');
    const next = three.map((r) => (r.requestId === 'a' ? { ...r, status: 'answered' as const, optionId: 'no' } : r));
    rerender(<PermissionQueue requests={next} onRespond={onRespond} shortcutGuardMs={0} />);
    expect(screen.getByText('Request 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('group')).toHaveAccessibleName('Permission needed: Run migrations');
    expect(screen.getByRole('group')).toHaveFocus();
  });

  it('renders nothing when nothing is pending', () => {
    const { container } = render(<PermissionQueue requests={[three[1]]} onRespond={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('shortcuts', () => {
  it('maps digits to option indexes', () => {
    expect(shortcutKey(0)).toBe('1');
    expect(shortcutKey(9)).toBeNull();
    const key = (k: string, extra = {}) => optionIndexForKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...extra }, 4);
    expect(key('1')).toBe(0);
    expect(key('4')).toBe(3);
    expect(key('5')).toBe(-1);
    expect(key('a')).toBe(-1);
    expect(key('1', { metaKey: true })).toBe(-1);
  });

  it('treats a key as deliberate only after the quiet period', () => {
    expect(isDeliberate(1_300, 1_000, 400)).toBe(false);
    expect(isDeliberate(1_400, 1_000, 400)).toBe(true);
  });
});
