// @ts-check
/**
 * Scripts that send session-level updates rather than a conversation: `/compact` (compaction
 * updates and the usage drop) and `/notice` (info, warning and error notices).
 */
import { usageOf } from './config-options.mjs';
import { COMPACTION_SUMMARY } from './content.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 */

/** @type {Script} */
export async function compactScript(t) {
  const compactionId = `${t.session.tag}-compaction${t.number}`;
  const before = t.session.used;
  const after = Math.max(1_850, Math.round(before * 0.12));
  const supported = Boolean(t.caps.session?.compaction);
  if (supported) {
    await t.send({ sessionUpdate: 'compaction_update', compactionId, status: 'in_progress' });
    for (const text of COMPACTION_SUMMARY) {
      await t.step();
      await t.send({ sessionUpdate: 'compaction_summary_chunk', compactionId, content: { type: 'text', text } });
    }
    await t.step();
    await t.send({ sessionUpdate: 'compaction_update', compactionId, status: 'completed' });
  }
  t.session.used = after;
  await t.send(usageOf(t.session), { record: false });
  await t.say(
    `Compacted the context from ${before.toLocaleString('en-US')} to ${after.toLocaleString('en-US')} tokens.` +
      (supported ? '' : ' (The client did not advertise `session.compaction`, so no compaction updates were sent.)'),
  );
  return 'end_turn';
}

/** @type {Script} */
export async function noticeScript(t) {
  if (!t.caps.session?.notices) {
    await t.say('I have notices to show, but the client did not advertise `session.notices`.');
    return 'end_turn';
  }
  const notices = /** @type {const} */ ([
    ['info', 'Workspace indexed', 'Indexed 42 files in 0.3 s.'],
    ['warning', 'Context window 80% full', 'Consider /compact before the next long task.'],
    ['error', 'Rate limit reached', 'demo-pro is rate limited; retrying with demo-flash.'],
  ]);
  for (const [severity, title, description] of notices) {
    await t.send({ sessionUpdate: 'notice', severity, title, description }, { record: false });
    await t.step();
  }
  await t.say('Sent three notices: info, warning and error.');
  return 'end_turn';
}
