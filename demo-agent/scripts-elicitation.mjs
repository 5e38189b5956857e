// @ts-check
/**
 * Scripts that ask the user through the client: `/form` (a form elicitation covering every
 * property kind, its answer checked against the schema) and `/login` (a URL elicitation, then
 * `elicitation/complete`).
 */
import * as acp from '@agentclientprotocol/sdk';
import { FORM_SCHEMA } from './content.mjs';
import { TurnStop, errorMessage, sleep } from './helpers.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 */

const m = acp.methods;

/**
 * @param {Record<string, unknown>} content
 * @returns {string[]}  problems found when checking the answer against FORM_SCHEMA
 */
function checkFormContent(content) {
  /** @type {string[]} */
  const problems = [];
  const props = /** @type {Record<string, any>} */ (FORM_SCHEMA.properties);
  for (const name of FORM_SCHEMA.required) {
    if (content[name] === undefined || content[name] === '') problems.push(`\`${name}\` is required but missing`);
  }
  for (const [name, value] of Object.entries(content)) {
    const schema = props[name];
    if (!schema) {
      problems.push(`\`${name}\` is not in the schema`);
      continue;
    }
    if (schema.type === 'integer' && !Number.isInteger(value)) problems.push(`\`${name}\` should be an integer`);
    if ((schema.type === 'number' || schema.type === 'integer') && typeof value === 'number') {
      if (value < schema.minimum || value > schema.maximum) problems.push(`\`${name}\` is outside ${schema.minimum}–${schema.maximum}`);
    }
    if ((schema.type === 'number' || schema.type === 'integer') && typeof value !== 'number') problems.push(`\`${name}\` should be a number`);
    if (schema.type === 'boolean' && typeof value !== 'boolean') problems.push(`\`${name}\` should be a boolean`);
    if (schema.type === 'string' && typeof value !== 'string') problems.push(`\`${name}\` should be a string`);
    if (schema.type === 'string' && typeof value === 'string') {
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`\`${name}\` does not match \`${schema.pattern}\``);
      const len = Array.from(value).length;
      if (schema.minLength != null && len < schema.minLength) problems.push(`\`${name}\` is shorter than ${schema.minLength}`);
      if (schema.maxLength != null && len > schema.maxLength) problems.push(`\`${name}\` is longer than ${schema.maxLength}`);
      const allowed = schema.enum ?? schema.oneOf?.map((/** @type {{ const: string }} */ o) => o.const);
      if (allowed && !allowed.includes(value)) problems.push(`\`${name}\` is not one of the options`);
    }
    if (schema.type === 'array') {
      const allowed = schema.items.enum ?? schema.items.anyOf?.map((/** @type {{ const: string }} */ o) => o.const);
      if (!Array.isArray(value)) problems.push(`\`${name}\` should be a list`);
      else {
        if (value.some((v) => !allowed.includes(v))) problems.push(`\`${name}\` has values that are not options`);
        if (schema.minItems != null && value.length < schema.minItems) problems.push(`\`${name}\` needs at least ${schema.minItems}`);
        if (schema.maxItems != null && value.length > schema.maxItems) problems.push(`\`${name}\` allows at most ${schema.maxItems}`);
      }
    }
  }
  return problems;
}

/** @type {Script} */
export async function formScript(t) {
  const toolCallId = t.toolCallId('form');
  await t.toolCall({
    toolCallId,
    title: 'Collect project settings',
    name: 'ask_user',
    kind: 'other',
    status: 'in_progress',
    rawInput: { form: FORM_SCHEMA.title },
  });
  if (!t.caps.elicitation?.form) {
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: 'elicitation.form not supported by the client' } });
    await t.say('I wanted to show a form, but the client did not advertise `elicitation.form`, so I cannot ask.');
    await t.reportUsage();
    return 'end_turn';
  }
  /** @type {import('@agentclientprotocol/sdk').CreateElicitationResponse} */
  let response;
  try {
    response = await t.request((opts) =>
      t.client.request(
        m.client.elicitation.create,
        {
          sessionId: t.sessionId,
          toolCallId,
          mode: 'form',
          message: 'Please fill in your project settings so I can scaffold the project.',
          requestedSchema: /** @type {import('@agentclientprotocol/sdk').ElicitationSchema} */ (/** @type {unknown} */ (structuredClone(FORM_SCHEMA))),
        },
        opts,
      ),
    );
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.toolUpdate({ toolCallId, status: 'failed', rawOutput: { error: errorMessage(error) } });
    await t.say(`The form request failed: ${errorMessage(error)}`);
    await t.reportUsage();
    return 'end_turn';
  }
  t.check();
  await t.toolUpdate({ toolCallId, status: response.action === 'accept' ? 'completed' : 'failed', rawOutput: response });
  if (response.action === 'accept') {
    const content = /** @type {Record<string, unknown>} */ (response.content ?? {});
    const rows = Object.entries(content)
      .map(([key, value]) => `| \`${key}\` | \`${JSON.stringify(value)}\` |`)
      .join('\n');
    const problems = checkFormContent(content);
    await t.say(
      'You **accepted** the form. This is exactly what came back:\n\n' +
        '```json\n' +
        JSON.stringify(content, null, 2) +
        '\n```\n\n' +
        (rows ? `| Field | Value |\n| --- | --- |\n${rows}\n\n` : 'The form came back empty.\n\n') +
        (problems.length ? `The answer does not match the schema:\n\n${problems.map((p) => `- ${p}`).join('\n')}\n` : 'Every value matches the schema.\n'),
    );
  } else if (response.action === 'decline') {
    await t.say('You **declined** the form (action `decline`), so nothing was submitted.');
  } else if (response.action === 'cancel') {
    await t.say('You **dismissed** the form (action `cancel`), so nothing was submitted.');
  } else {
    await t.say(`The form came back with a custom action \`${response.action}\`, which I treat as neither accept nor decline.`);
  }
  await t.reportUsage();
  return 'end_turn';
}

/** @type {Script} */
export async function loginScript(t) {
  if (!t.caps.elicitation?.url) {
    await t.say('Signing in needs a URL elicitation, but the client did not advertise `elicitation.url`.');
    await t.reportUsage();
    return 'end_turn';
  }
  const elicitationId = `${t.session.tag}-login${t.number}`;
  const url = `https://example.com/demo-oauth?state=${encodeURIComponent(elicitationId)}`;
  await t.say('I need you to sign in to the demo service first.\n\n');
  /** @type {import('@agentclientprotocol/sdk').CreateElicitationResponse} */
  let response;
  try {
    response = await t.request((opts) =>
      t.client.request(
        m.client.elicitation.create,
        { sessionId: t.sessionId, mode: 'url', elicitationId, url, message: 'Sign in to the demo service (nothing is sent anywhere).' },
        opts,
      ),
    );
  } catch (error) {
    if (error instanceof TurnStop) throw error;
    await t.say(`The sign-in request failed: ${errorMessage(error)}`);
    await t.reportUsage();
    return 'end_turn';
  }
  t.check();
  if (response.action !== 'accept') {
    await t.say(`Sign-in was not started (action \`${response.action}\`).`);
    await t.reportUsage();
    return 'end_turn';
  }
  await sleep(t.elicitationCompleteDelayMs, t.signal);
  t.check();
  try {
    await t.client.notify(m.client.elicitation.complete, { elicitationId });
  } catch {
    t.drop();
    throw new TurnStop('dropped');
  }
  await t.say(`Signed in. The out-of-band flow \`${elicitationId}\` completed.`);
  await t.reportUsage();
  return 'end_turn';
}
