// @ts-check
/**
 * Scripts about pace: `/stream N [title]` (N tiny chunks as fast as possible, for benchmarks) and
 * `/slow` (a ~10 s turn to try cancelling).
 */
import { CONTEXT_WINDOW_SIZE, STREAM_MAX_CHUNKS } from './catalog.mjs';
import { sleep, yieldToEventLoop } from './helpers.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 */

/**
 * `/stream N [title]`: with words after N the session is titled by them first (the browser test
 * of many tabs tells its sessions apart so); without, nothing but the chunks.
 * @type {Script}
 */
export async function streamScript(t, args) {
  const [, count = '', title = ''] = /^(\S*)\s*([\s\S]*)$/.exec(args) ?? [];
  const parsed = Number.parseInt(count, 10);
  const n = Number.isFinite(parsed) ? Math.min(STREAM_MAX_CHUNKS, Math.max(0, parsed)) : 100;
  if (title) {
    t.session.title = title;
    await t.send({ sessionUpdate: 'session_info_update', title }, { record: false });
  }
  const messageId = t.messageId('agent');
  for (let i = 0; i < n; i++) {
    if (t.stopped) break;
    await t.send({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: `w${i} ` } });
    if ((i & 255) === 255) await yieldToEventLoop();
  }
  t.check();
  t.tokens += n;
  const s = t.session;
  s.used = Math.min(CONTEXT_WINDOW_SIZE, s.used + n);
  return 'end_turn';
}

/** @type {Script} */
export async function slowScript(t, args) {
  const parsed = Number(args);
  const seconds = Number.isFinite(parsed) && parsed > 0 ? Math.min(600, parsed) : 10;
  const steps = 40;
  const pause = (seconds * 1000) / steps;
  const toolCallId = t.toolCallId('index');
  await t.toolCall({
    toolCallId,
    title: 'Index the workspace (slow)',
    name: 'index',
    kind: 'search',
    status: 'in_progress',
    rawInput: { seconds },
  });
  const messageId = t.messageId('agent');
  for (let i = 1; i <= steps; i++) {
    await sleep(pause, t.signal);
    t.check();
    await t.send({ sessionUpdate: 'agent_message_chunk', messageId, content: { type: 'text', text: `Step ${i} of ${steps}. ` } });
    if (i % 10 === 0) {
      await t.progress(toolCallId, `Indexed ${(i / steps) * 100}% of the workspace`);
    }
  }
  await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { files: 42 } });
  await t.say('\n\nDone, slowly.');
  await t.reportUsage();
  return 'end_turn';
}
