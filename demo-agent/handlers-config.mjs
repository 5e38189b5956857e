// @ts-check
/**
 * Changing a session's settings: `session/set_mode` and `session/set_config_option`, each
 * announcing the change (`current_mode_update`, `config_option_update`) before it answers.
 */
import * as acp from '@agentclientprotocol/sdk';
import { MODES } from './catalog.mjs';
import { configOptionsOf } from './config-options.mjs';
import { openSession } from './session-access.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentRequestHandlersByMethod} Handlers
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 */

const m = acp.methods;

/** @param {DemoAgentContext} ctx */
export function configHandlers(ctx) {
  /** @type {Handlers['session/set_mode']} */
  const setMode = async ({ params, client }) => {
    const c = ctx.conn(client);
    const session = openSession(ctx, c, params.sessionId);
    if (!MODES.some((mode) => mode.id === params.modeId)) {
      throw acp.RequestError.invalidParams({ modeId: params.modeId }, `Unknown mode "${params.modeId}"`);
    }
    session.modeId = params.modeId;
    await client.notify(m.client.session.update, {
      sessionId: session.sessionId,
      update: { sessionUpdate: 'current_mode_update', currentModeId: session.modeId },
    });
    await client.notify(m.client.session.update, {
      sessionId: session.sessionId,
      update: { sessionUpdate: 'config_option_update', configOptions: configOptionsOf(session, c.caps) },
    });
    return {};
  };

  /** @type {Handlers['session/set_config_option']} */
  const setConfigOption = async ({ params, client }) => {
    const c = ctx.conn(client);
    const session = openSession(ctx, c, params.sessionId);
    const option = configOptionsOf(session, c.caps).find((o) => o.id === params.configId);
    if (!option) {
      throw acp.RequestError.invalidParams({ configId: params.configId }, `Unknown config option "${params.configId}"`);
    }
    const value = params.value;
    if (option.type === 'boolean') {
      if (!('type' in params) || params.type !== 'boolean' || typeof value !== 'boolean') {
        throw acp.RequestError.invalidParams({ configId: params.configId }, `"${params.configId}" takes { type: "boolean", value: boolean }`);
      }
      session.autoRunTests = value;
    } else {
      const values = option.options.flatMap((o) => ('group' in o ? o.options : [o])).map((o) => o.value);
      if (typeof value !== 'string' || !values.includes(value)) {
        throw acp.RequestError.invalidParams({ configId: params.configId, value }, `Invalid value for "${params.configId}"`);
      }
      if (option.id === 'mode') session.modeId = value;
      if (option.id === 'model') session.model = value;
      if (option.id === 'thought_level') session.thoughtLevel = value;
    }
    const configOptions = configOptionsOf(session, c.caps);
    if (option.id === 'mode') {
      await client.notify(m.client.session.update, {
        sessionId: session.sessionId,
        update: { sessionUpdate: 'current_mode_update', currentModeId: session.modeId },
      });
    }
    await client.notify(m.client.session.update, {
      sessionId: session.sessionId,
      update: { sessionUpdate: 'config_option_update', configOptions },
    });
    return { configOptions: configOptionsOf(session, c.caps) };
  };

  return { setMode, setConfigOption };
}
