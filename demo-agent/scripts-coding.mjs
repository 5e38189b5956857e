// @ts-check
/**
 * Scripts about coding work: the default turn (thought, plan, read, answer, edit, tests,
 * summary) and the commands that run one part of it (`/edit`, `/test`, `/plan`, `/explain`).
 */
import { DEFAULT_ANSWER, DEFAULT_INTRO, EXPLAIN_CODE, EXPLAIN_INTRO, EXPLAIN_OUTRO, GREETING_FILE, defaultSummary, defaultThought } from './content.mjs';
import { DEFAULT_PLAN_DOCUMENT, DEFAULT_PLAN_FILE, PLAN_DRAFT_DOCUMENT } from './content-plans.mjs';
import { joinPath, titleFrom } from './helpers.mjs';
import { editStep, planAt, readStep, testStep } from './steps.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').PlanEntry} PlanEntry
 * @typedef {import('./turn.mjs').Script} Script
 */

/** @type {Script} */
export async function defaultScript(t, _args, text) {
  const steps = /** @type {Array<[string, PlanEntry['priority']]>} */ ([
    [`Read ${GREETING_FILE}`, 'high'],
    ['Add a punctuation option to greet()', 'high'],
    ['Run the test suite', 'medium'],
    ['Summarize the changes', 'low'],
  ]);
  if (t.session.thoughtLevel !== 'off') {
    await t.stream('agent_thought_chunk', defaultThought(titleFrom(text), t.session.modeId), t.messageId('thought'));
    await t.step();
  }
  await t.plan(planAt(steps, 0));
  // Beside the checklist, the design as a plan document (plan operations only).
  if (await t.planDocument('design', DEFAULT_PLAN_DOCUMENT, joinPath(t.session.cwd, DEFAULT_PLAN_FILE))) await t.step();
  await t.step();
  await t.say(DEFAULT_INTRO);
  const read = await readStep(t);
  await t.plan(planAt(steps, 1));
  await t.step();
  await t.say(DEFAULT_ANSWER);
  const edit = await editStep(t);
  await t.plan(planAt(steps, 2));
  await t.step();
  let tests = 'skipped (`auto_run_tests` is off).';
  if (t.session.autoRunTests) tests = (await testStep(t)).summary;
  await t.plan(planAt(steps, 3));
  await t.step();
  await t.say(defaultSummary({ read, edit: edit.summary, tests }));
  await t.plan(planAt(steps, 4));
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function editScript(t) {
  const edit = await editStep(t);
  await t.say(`Edit ${edit.summary}`);
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function testScript(t) {
  const result = await testStep(t);
  await t.say(`Tests: ${result.summary}`);
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function planScript(t) {
  const steps = /** @type {Array<[string, PlanEntry['priority']]>} */ ([
    ['Collect requirements', 'high'],
    ['Sketch the component tree', 'high'],
    ['Write the data layer', 'medium'],
    ['Add tests', 'medium'],
    ['Update the docs', 'low'],
  ]);
  // With plan operations: a draft document first, removed once the checklist is done.
  await t.planDocument('draft', PLAN_DRAFT_DOCUMENT);
  await t.plan(steps.map(([content, priority]) => ({ content, priority, status: 'pending' })));
  for (let i = 0; i <= steps.length; i++) {
    await t.step();
    await t.plan(planAt(steps, i));
  }
  await t.removePlan('draft');
  await t.say('The plan is complete: all five steps are done.');
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function explainScript(t) {
  await t.say(EXPLAIN_INTRO + '```ts\n' + EXPLAIN_CODE + '\n```' + EXPLAIN_OUTRO);
  await t.reportUsage();
  return 'end_turn';
}
