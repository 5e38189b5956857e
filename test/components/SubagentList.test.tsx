/**
 * The child agents of a session (UNSTABLE `subagent_update`, the client's `subagents` opt-in)
 * listed under the thread: each a card with its title, description and run folded to its
 * progress, its work state, and a Stop button only while the agent allows cancelling it. The
 * session is built with the real parse/reduce functions from the updates an agent sends.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import { applyChildUpdate, applySubagentUpdate, parseSubagentUpdate } from '../../src/core/subagents.js';
import type { SessionState } from '../../src/core/types.js';
import { announceChild } from '../helpers/threads.js';

const reducers = { createSessionState, applySessionUpdate };
const CHILD = 'child-1';

const announce = (session: SessionState, fields: Record<string, unknown>) => announceChild(session, CHILD, fields);

function withChild(fields: Record<string, unknown>): SessionState {
  let s = announce(createSessionState('parent'), { title: 'Explorer', description: 'Find the greeting', ...fields });
  const updates = [
    { sessionUpdate: 'tool_call', toolCallId: 'grep', title: 'grep greet', kind: 'search', status: 'completed' },
    { sessionUpdate: 'tool_call', toolCallId: 'read', title: 'Read greeting.ts', kind: 'read', status: 'in_progress' },
  ];
  updates.forEach((u, i) => (s = applyChildUpdate(s, CHILD, u, 1000 + i, reducers)));
  return s;
}

describe('child agents under the thread', () => {
  it('shows a running child as a card with its run folded to its progress, and stops it with the keyboard', async () => {
    const onCancel = vi.fn();
    render(<Thread session={withChild({ state: { state: 'running' }, capabilities: { cancel: {} } })} onCancelSubagent={onCancel} />);
    const list = await screen.findByRole('list', { name: 'Sub-agents' });
    const entry = within(list).getByRole('listitem');
    expect(entry.getAttribute('data-status')).toBe('running');
    expect(entry.textContent).toContain('Explorer');
    expect(entry.textContent).toContain('Find the greeting');
    expect(entry.textContent).toContain('Running');
    const run = await within(entry).findByRole('button', { name: /Sub-agent.*2 steps/ });
    expect(run.textContent).toContain('Now: Read greeting.ts');

    const stop = within(entry).getByRole('button', { name: 'Stop Explorer' });
    stop.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledWith(CHILD);
  });

  it('an idle child shows how it stopped, and no Stop button once the agent withdrew the capability', async () => {
    render(<Thread session={withChild({ state: { state: 'idle', stopReason: 'cancelled' }, capabilities: null })} onCancelSubagent={() => {}} />);
    const entry = within(await screen.findByRole('list', { name: 'Sub-agents' })).getByRole('listitem');
    expect(entry.getAttribute('data-status')).toBe('idle');
    expect(entry.textContent).toContain('Idle');
    expect(entry.querySelector('[data-slot="tool-call"]')?.getAttribute('data-status')).toBe('cancelled');
    expect(within(entry).queryByRole('button', { name: /Stop/ })).toBeNull();
  });

  it('a child’s own child follows it, indented, saying which child started it; keyboard reaches its Stop', async () => {
    let s = withChild({ state: { state: 'running' } });
    const patch = parseSubagentUpdate({ sessionId: 'grandchild', title: 'Fixtures', state: { state: 'running' }, capabilities: { cancel: {} } });
    if (typeof patch === 'string') throw new Error(patch);
    s = applySubagentUpdate(s, patch, reducers, CHILD);
    // A later direct child is listed after the first child's own.
    s = applySubagentUpdate(s, { sessionId: 'child-2', title: 'Docs' }, reducers);
    const onCancel = vi.fn();
    render(<Thread session={s} onCancelSubagent={onCancel} />);
    const entries = within(await screen.findByRole('list', { name: 'Sub-agents' })).getAllByRole('listitem');
    expect(
      entries.map((e) => [e.querySelector('[data-slot="tool-call"]')?.textContent?.match(/Explorer|Fixtures|Docs/)?.[0], e.getAttribute('data-depth')]),
    ).toEqual([
      ['Explorer', '0'],
      ['Fixtures', '1'],
      ['Docs', '0'],
    ]);
    expect(entries[1]!.textContent).toContain('Started by “Explorer”');
    expect(entries[0]!.querySelector('[data-slot="thread-subagent-parent"]')).toBeNull();
    expect(entries[2]!.querySelector('[data-slot="thread-subagent-parent"]')).toBeNull();
    within(entries[1]!).getByRole('button', { name: 'Stop Fixtures' }).focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledWith('grandchild');
  });

  it('a session without children renders no list', async () => {
    render(<Thread session={createSessionState('parent')} />);
    await screen.findByText('Send a message to start');
    expect(screen.queryByRole('list', { name: 'Sub-agents' })).toBeNull();
  });
});
