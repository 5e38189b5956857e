// @ts-check
/**
 * Which script a prompt runs: `/name args` picks a command (an unknown one answers "Unknown
 * command"), a prompt mentioning a notebook cell changes that cell, a prompt naming
 * `max_turn_requests` gets that outcome, anything else the default turn.
 */
import { DEMO_COMMANDS } from './catalog.mjs';
import { defaultScript, editScript, explainScript, planScript, testScript } from './scripts-coding.mjs';
import { formScript, loginScript } from './scripts-elicitation.mjs';
import { failScript, longScript, maxTurnsScript, refuseScript } from './scripts-outcomes.mjs';
import { slowScript, streamScript } from './scripts-pacing.mjs';
import { notebookMention, notebookScript } from './scripts-notebook.mjs';
import { refactorScript } from './scripts-review.mjs';
import { delegateScript } from './scripts-delegate.mjs';
import { subagentsScript } from './scripts-subagents.mjs';
import { compactScript, noticeScript } from './scripts-session.mjs';

/**
 * @typedef {import('./turn.mjs').Script} Script
 */

/** @type {Record<string, Script>} */
const COMMAND_SCRIPTS = {
  explain: explainScript,
  edit: editScript,
  refactor: refactorScript,
  delegate: delegateScript,
  subagents: subagentsScript,
  test: testScript,
  plan: planScript,
  form: formScript,
  login: loginScript,
  compact: compactScript,
  notice: noticeScript,
  stream: streamScript,
  long: longScript,
  fail: failScript,
  refuse: refuseScript,
  slow: slowScript,
};

/**
 * Picks the script for a prompt: its (first) text, and its blocks for the mentions.
 * @param {string} text
 * @param {readonly import('@agentclientprotocol/sdk').ContentBlock[]} [prompt]
 * @returns {{ name: string, script: Script, args: string }}
 */
export function pickScript(text, prompt = []) {
  const trimmed = text.trim();
  const command = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (command) {
    const name = command[1].toLowerCase();
    const args = (command[2] ?? '').trim();
    if (Object.hasOwn(COMMAND_SCRIPTS, name)) return { name, script: COMMAND_SCRIPTS[name], args };
    return { name: 'unknown', script: unknownCommandScript(name), args };
  }
  if (notebookMention(prompt)) return { name: 'notebook', script: notebookScript, args: '' };
  if (/\bmax_turn_requests\b/i.test(trimmed)) return { name: 'max_turn_requests', script: maxTurnsScript, args: '' };
  return { name: 'default', script: defaultScript, args: '' };
}

/** @param {string} name @returns {Script} */
function unknownCommandScript(name) {
  return async (t) => {
    await t.say(`Unknown command \`/${name}\`. Available: ${DEMO_COMMANDS.map((c) => `\`/${c.name}\``).join(', ')}.`);
    return 'end_turn';
  };
}
