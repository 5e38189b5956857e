// @ts-check
/**
 * What a session reports about itself: its modes, its config options (mode, model, thought
 * level, and the boolean `auto_run_tests` for clients that support boolean options) and its
 * context-window usage.
 */
import { CONTEXT_WINDOW_SIZE, MODEL_GROUPS, MODES, THOUGHT_LEVELS } from './catalog.mjs';
import { round4 } from './helpers.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').ClientCapabilities} ClientCapabilities
 * @typedef {import('@agentclientprotocol/sdk').SessionConfigOption} SessionConfigOption
 * @typedef {import('@agentclientprotocol/sdk').SessionModeState} SessionModeState
 * @typedef {import('./session-store.mjs').DemoSession} DemoSession
 */

/**
 * @param {DemoSession} session
 * @returns {SessionModeState}
 */
export function modesOf(session) {
  return { currentModeId: session.modeId, availableModes: MODES.map((mode) => ({ ...mode })) };
}

/**
 * @param {DemoSession} session
 * @param {ClientCapabilities} caps
 * @returns {SessionConfigOption[]}
 */
export function configOptionsOf(session, caps) {
  /** @type {SessionConfigOption[]} */
  const options = [
    {
      id: 'mode',
      name: 'Mode',
      description: 'How much the agent may do on its own',
      category: 'mode',
      type: 'select',
      currentValue: session.modeId,
      options: MODES.map((mode) => ({ value: mode.id, name: mode.name, description: mode.description })),
    },
    {
      id: 'model',
      name: 'Model',
      description: 'Which (pretend) model answers',
      category: 'model',
      type: 'select',
      currentValue: session.model,
      options: MODEL_GROUPS.map((g) => ({ group: g.group, name: g.name, options: g.options.map((o) => ({ ...o })) })),
    },
    {
      id: 'thought_level',
      name: 'Thinking',
      description: 'How much reasoning to show',
      category: 'thought_level',
      type: 'select',
      currentValue: session.thoughtLevel,
      options: THOUGHT_LEVELS.map((o) => ({ ...o })),
    },
  ];
  if (caps.session?.configOptions?.boolean) {
    options.push({
      id: 'auto_run_tests',
      name: 'Run tests automatically',
      description: 'Run npm test after every edit in the default turn',
      category: '_demo',
      type: 'boolean',
      currentValue: session.autoRunTests,
    });
  }
  return options;
}

/** @param {DemoSession} session */
export function usageOf(session) {
  return {
    sessionUpdate: /** @type {const} */ ('usage_update'),
    used: Math.min(session.used, CONTEXT_WINDOW_SIZE),
    size: CONTEXT_WINDOW_SIZE,
    cost: { amount: round4(session.cost), currency: 'USD' },
  };
}
