/**
 * Messages between sessions (UNSTABLE `session_message`, the client's `subagents` opt-in) in the
 * thread: a card named by its direction in the user's words ("To Explorer" on the parent's
 * outgoing view, "From the main agent" on the child's incoming one), its content rendered as an
 * agent message. Sessions are built with the real parse/reduce functions the client's router uses.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thread } from '../../src/components/Thread/index.js';
import { appendBlock, readContentBlock, textOf } from '../../src/core/content.js';
import { applySessionUpdate, createSessionState, startTurn } from '../../src/core/index.js';
import { closeOpenThought } from '../../src/core/reducer/thoughts.js';
import { sessionMessageReducers } from '../../src/core/session-messages.js';
import { applyChildUpdate } from '../../src/core/subagents.js';
import { appendItem, replaceItem } from '../../src/core/thread.js';
import type { SessionState } from '../../src/core/types.js';
import { announceChild } from '../helpers/threads.js';

const reducers = { createSessionState, applySessionUpdate };
const reducersFor = sessionMessageReducers(reducers, [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought]);
const PARENT = 'parent';
const CHILD = 'child-1';
let clock = 1000;

const announce = announceChild;
/** Updates sent with the parent's session id, applied as the router does. */
function onParent(s: SessionState, ...updates: Record<string, unknown>[]): SessionState {
  return updates.reduce((acc, u) => (reducersFor(u, fail) ?? reducers).applySessionUpdate(acc, u, clock++), s);
}
/** Updates sent with a child's session id. */
function onChild(s: SessionState, child: string, ...updates: Record<string, unknown>[]): SessionState {
  return updates.reduce((acc, u) => applyChildUpdate(acc, child, u, clock++, reducersFor(u, fail) ?? reducers), s);
}
function fail(problem: string): never {
  throw new Error(problem);
}
const message = (messageId: string, fields: Record<string, unknown>) => ({ sessionUpdate: 'session_message', messageId, ...fields });
const chunk = (messageId: string, text: string) => ({ sessionUpdate: 'session_message_chunk', messageId, content: { type: 'text', text } });
const text = (t: string) => [{ type: 'text', text: t }];

/** The parent briefs its child and gets an answer; each message is in both transcripts. */
function exchange(title: string | null = 'Explorer'): SessionState {
  let s = announce(createSessionState(PARENT), CHILD, { title, state: { state: 'idle', stopReason: 'end_turn' } });
  s = onParent(s, message('out-1', { senderSessionId: PARENT, recipientSessionId: CHILD, content: text('Find `greet` in **src/**') }));
  s = onChild(
    s,
    CHILD,
    message('in-1', { senderSessionId: PARENT, recipientSessionId: CHILD, senderMessageId: 'out-1', content: text('Find `greet` in **src/**') }),
  );
  s = onChild(s, CHILD, { sessionUpdate: 'tool_call', toolCallId: 'grep', title: 'grep greet', kind: 'search', status: 'completed' });
  s = onChild(
    s,
    CHILD,
    message('out-2', { senderSessionId: CHILD, recipientSessionId: PARENT }),
    chunk('out-2', 'It is in '),
    chunk('out-2', '`src/greeting.ts`.'),
  );
  return onParent(
    s,
    message('in-2', { senderSessionId: CHILD, recipientSessionId: PARENT, senderMessageId: 'out-2', content: text('It is in `src/greeting.ts`.') }),
  );
}

describe('messages between sessions in the thread', () => {
  it('on the parent’s transcript: an article to the child and one from it, the content as markdown, with its copy button', async () => {
    render(<Thread session={exchange()} />);
    const log = screen.getByRole('log');
    const question = await within(log).findByRole('article', { name: 'To Explorer' });
    expect(question.closest('[data-slot="session-message"]')?.getAttribute('data-direction')).toBe('outgoing');
    expect(await within(question).findByText('greet', { selector: 'code' })).toBeTruthy();
    expect(within(question).getByText('src/', { selector: 'strong' })).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'Copy message' })).toBeTruthy();
    // The visible line says the same as the article's name.
    expect(question.parentElement?.querySelector('[data-slot="session-message-direction"]')?.textContent).toBe('To Explorer');

    const answer = within(log).getByRole('article', { name: 'From Explorer' });
    expect(answer.closest('[data-slot="session-message"]')?.getAttribute('data-direction')).toBe('incoming');
    expect(await within(answer).findByText('src/greeting.ts', { selector: 'code' })).toBeTruthy();
  });

  it('on the child’s transcript, opened from its card with the keyboard: from the main agent, and its answer to it', async () => {
    render(<Thread session={exchange()} />);
    const entry = within(await screen.findByRole('list', { name: 'Sub-agents' })).getByRole('listitem');
    const run = await within(entry).findByRole('button', { name: /Sub-agent.*1 step/ });
    run.focus();
    await userEvent.setup().keyboard('{Enter}');
    const items = within(entry).getByRole('list', { name: /./ });
    const incoming = await within(items).findByRole('article', { name: 'From the main agent' });
    expect(await within(incoming).findByText('greet', { selector: 'code' })).toBeTruthy();
    const reply = within(items).getByRole('article', { name: 'To the main agent' });
    expect(reply.textContent).toContain('src/greeting.ts');
    // The parent's own transcript keeps its names.
    expect(within(screen.getByRole('log')).getByRole('article', { name: 'To Explorer' })).toBeTruthy();
  });

  it('names what it can: an untitled child, another session, and a view whose participants are not known yet', async () => {
    let s = announce(createSessionState(PARENT), CHILD, {});
    s = onParent(
      s,
      message('a', { senderSessionId: PARENT, recipientSessionId: CHILD, content: text('to the untitled one') }),
      message('b', { senderSessionId: 'elsewhere', recipientSessionId: PARENT, content: text('from elsewhere') }),
      // Chunks before any upsert: nothing says who it is between…
      chunk('c', 'no participants yet'),
      // …until the reference to the other view does (an outgoing view learns the incoming one's id).
      chunk('d', 'outgoing, by its reference'),
      message('d', { recipientMessageId: 'in-9' }),
    );
    render(<Thread session={s} />);
    const log = screen.getByRole('log');
    expect((await within(log).findByRole('article', { name: 'To a sub-agent' })).textContent).toContain('to the untitled one');
    expect(within(log).getByRole('article', { name: 'From another session' }).textContent).toContain('from elsewhere');
    expect(within(log).getByRole('article', { name: 'Message between agents' }).textContent).toContain('no participants yet');
    const byReference = within(log).getByRole('article', { name: 'To another session' });
    expect(byReference.closest('[data-slot="session-message"]')?.getAttribute('data-direction')).toBe('outgoing');
  });

  it('a title the agent sets later renames the messages to and from that child', async () => {
    const { rerender } = render(<Thread session={exchange(null)} />);
    await screen.findByRole('article', { name: 'To a sub-agent' });
    rerender(<Thread session={announce(exchange(null), CHILD, { title: 'Searcher' })} />);
    expect(await screen.findByRole('article', { name: 'To Searcher' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'From Searcher' })).toBeTruthy();
  });

  it('the last message of a running turn is marked as still arriving', async () => {
    let s = startTurn(announce(createSessionState(PARENT), CHILD, { title: 'Explorer' }), 't1', [{ type: 'text', text: 'Ask the explorer' }], 1);
    s = onParent(s, message('out-1', { senderSessionId: PARENT, recipientSessionId: CHILD }), chunk('out-1', 'Find the'));
    render(<Thread session={s} />);
    const streaming = await screen.findByRole('article', { name: 'To Explorer' });
    expect(streaming.getAttribute('aria-busy')).toBe('true');
    expect(streaming.getAttribute('data-state')).toBe('streaming');
  });
});
