import type { Meta, StoryObj } from '@storybook/react-vite';
import { ThreadFallback } from '../src/components/Thread/Thread.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../src/core/index.js';
import type { SessionState } from '../src/core/types.js';

/** A long session: 45 finished turns, each a question and its answer (90 items). */
function longSession(turns: number): SessionState {
  let session = createSessionState('long-session', { cwd: '/workspace/demo' });
  for (let i = 0; i < turns; i++) {
    const at = i * 10_000;
    session = startTurn(session, `turn-${i}`, [{ type: 'text', text: `Question ${i}: what does step ${i} of the migration change?` }], at);
    session = applySessionUpdate(
      session,
      { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `Answer ${i}: step ${i} renames one column and backfills it in batches.` } },
      at + 1_000,
    );
    session = endTurn(session, `turn-${i}`, { stopReason: 'end_turn' }, at + 2_000);
  }
  return session;
}

const meta = {
  title: 'Components/ThreadFallback',
  component: ThreadFallback,
  parameters: { controls: { disable: true } },
} satisfies Meta<typeof ThreadFallback>;

export default meta;
type Story = StoryObj;

/**
 * A long session opened before the conversation's code has arrived: the newest 60 items as plain
 * text under a line that counts the earlier ones, and the loading status below them.
 */
export const LongSession: Story = {
  render: () => (
    // The preview pads 16 px: fill the rest of the frame so the log scrolls inside it.
    <div style={{ height: 'calc(100vh - 32px)', maxWidth: 860, margin: '0 auto', background: 'var(--acp-bg)', color: 'var(--acp-fg)' }}>
      <ThreadFallback session={longSession(45)} state={{ error: undefined, retry: () => {} }} />
    </div>
  ),
};
