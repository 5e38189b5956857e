import { describe, expect, it } from 'vitest';
import { createChunkCoalescer } from '../../src/core/client/chunk-coalescer.js';
import { createStore } from '../../src/core/store.js';

type Item = { kind: string; messageId: string | null; text: string };

/** A store of appended items and a coalescer in front of it, as the client wires them (sync notifications). */
function setup() {
  const store = createStore<Item[]>([], 'sync');
  let reductions = 0;
  const append = (items: Item[], update: { sessionUpdate: string; messageId?: string | null; content: { text: string } }) => {
    reductions++;
    const last = items.at(-1);
    const messageId = update.messageId ?? null;
    if (last && last.kind === update.sessionUpdate && last.messageId === messageId)
      return [...items.slice(0, -1), { ...last, text: last.text + update.content.text }];
    return [...items, { kind: update.sessionUpdate, messageId, text: update.content.text }];
  };
  const coalescer = createChunkCoalescer(
    store,
    (items, _sessionId, update) => append(items, update),
    () => 0,
  );
  /** What the client does with an update the coalescer does not take: read, reduce, set. */
  const receive = (update: Record<string, unknown>, sessionId = 's') => {
    const params = { sessionId, update };
    if (!coalescer.take(sessionId, params)) store.setState(append(store.getSnapshot(), update as never));
  };
  return { store, receive, reductions: () => reductions };
}

const chunk = (text: string, extra: Record<string, unknown> = {}) => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text }, ...extra });

describe('the chunk coalescer', () => {
  it('reduces a run of text chunks once, when the state is read, with every chunk in it', () => {
    const { store, receive, reductions } = setup();
    store.getSnapshot();
    for (let i = 0; i < 1000; i++) receive(chunk(`w${i} `, { messageId: 'm1' }));
    expect(reductions()).toBe(0);
    const items = store.getSnapshot();
    expect(reductions()).toBe(1);
    expect(items).toEqual([{ kind: 'agent_message_chunk', messageId: 'm1', text: Array.from({ length: 1000 }, (_, i) => `w${i} `).join('') }]);
  });

  it('keeps the order of everything received: an update it does not take reads (and so reduces) the joined text first', () => {
    const { store, receive } = setup();
    receive(chunk('Hello, ', { messageId: 'm1' }));
    receive(chunk('world.', { messageId: 'm1' }));
    receive({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' }, _meta: { x: 1 } });
    receive(chunk(' More.', { messageId: 'm1' }));
    receive(chunk('Other', { messageId: 'm2' }));
    expect(store.getSnapshot()).toEqual([
      { kind: 'agent_message_chunk', messageId: 'm1', text: 'Hello, world.' },
      { kind: 'agent_thought_chunk', messageId: null, text: 'hmm' },
      { kind: 'agent_message_chunk', messageId: 'm1', text: ' More.' },
      { kind: 'agent_message_chunk', messageId: 'm2', text: 'Other' },
    ]);
  });

  it('leaves alone what the reducer must see as sent: other content, annotations, _meta, user chunks, extra params', () => {
    const { receive, reductions, store } = setup();
    const untouched = [
      chunk('a', { _meta: { claudeCode: { parentToolUseId: 't1' } } }),
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'b', annotations: { priority: 1 } } },
      { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: 'x', mimeType: 'image/png', text: 'c' } },
      { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'd' } },
      chunk('e', { messageId: 7 }),
    ];
    for (const update of untouched) receive(update);
    expect(reductions()).toBe(untouched.length);
    store.getSnapshot();
    expect(reductions()).toBe(untouched.length);
  });

  it('tells the store something changed for every chunk, so listeners hear of it in the next notification', () => {
    const store = createStore<string>('', 'sync');
    const coalescer = createChunkCoalescer(
      store,
      (text, _s, update) => text + update.content.text,
      () => 0,
    );
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    coalescer.take('s', { sessionId: 's', update: chunk('a') });
    coalescer.take('s', { sessionId: 's', update: chunk('b') });
    expect(seen).toEqual(['a', 'ab']);
  });
});
