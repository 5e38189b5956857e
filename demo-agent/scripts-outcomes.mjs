// @ts-check
/**
 * Scripts for the ways a turn can end other than a plain answer: a failed tool call (`/fail`),
 * `refusal` (`/refuse`), `max_tokens` (`/long`) and `max_turn_requests` (`/long turns`, or the
 * keyword in any prompt).
 */
import { longAnswer } from './content.mjs';
import { textContent } from './steps.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 */

/** @type {Script} */
export async function failScript(t) {
  const toolCallId = t.toolCallId('fetch');
  const url = 'https://registry.example.invalid/api/packages/left-pad';
  await t.toolCall({ toolCallId, title: `Fetch ${url}`, name: 'fetch', kind: 'fetch', status: 'pending', rawInput: { url } });
  await t.step();
  await t.toolUpdate({ toolCallId, status: 'in_progress' });
  await t.step();
  await t.toolUpdate({
    toolCallId,
    status: 'failed',
    content: [textContent('Request failed: getaddrinfo ENOTFOUND registry.example.invalid')],
    rawOutput: { error: 'getaddrinfo ENOTFOUND registry.example.invalid', code: 'ENOTFOUND' },
  });
  await t.say('The fetch failed because the host does not exist. Nothing else was changed.');
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function refuseScript(t) {
  await t.say("I can't help with that request.");
  return 'refusal';
}

/** @type {Script} */
export async function longScript(t, args) {
  if (/turns?|max_turn_requests/i.test(args)) return maxTurnsScript(t, args, '');
  await t.say(longAnswer(30));
  await t.reportUsage();
  return 'max_tokens';
}

/** @type {Script} */
export async function maxTurnsScript(t) {
  for (let i = 1; i <= 3; i++) {
    const toolCallId = t.toolCallId('search');
    await t.toolCall({
      toolCallId,
      title: `Search the workspace (attempt ${i})`,
      name: 'grep',
      kind: 'search',
      status: 'in_progress',
      rawInput: { pattern: 'greet', attempt: i },
    });
    await t.step();
    await t.toolUpdate({ toolCallId, status: 'completed', rawOutput: { matches: i * 2 } });
  }
  await t.say('I reached the maximum number of model requests for one turn. Say "continue" to go on.');
  await t.reportUsage();
  return 'max_turn_requests';
}
