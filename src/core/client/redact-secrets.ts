/**
 * What the traffic log (the inspector, exports) may keep of a sign-in: the values of an `env_var`
 * method sent to acp-react-bridge, and a sign-in terminal's keystrokes, are replaced. Part of the
 * on-demand actions (`session-actions.ts`), which put it in front of the tap's recording.
 */
import type * as acp from '@agentclientprotocol/sdk';
import { AUTH_TERMINAL_INPUT, AUTH_TERMINAL_OUTPUT } from './auth-terminal-methods.js';

/** acp-react-bridge's request to restart the agent with an `env_var` method's values (bridge/handshake.mjs). */
export const RESTART_WITH_ENV = '_acp-react/bridge/restart_with_env';

/** A message as the traffic log may keep it: a sign-in's variable values and a sign-in terminal's keystrokes replaced. */
export function redactSecrets(msg: acp.AnyMessage): acp.AnyMessage {
  const m = msg as { method?: unknown; params?: { env?: unknown; data?: unknown } };
  // The keystrokes may be a code, and the terminal echoes them: neither is kept.
  if (m.method === AUTH_TERMINAL_INPUT || m.method === AUTH_TERMINAL_OUTPUT) return { ...msg, params: { ...m.params, data: '[redacted]' } } as acp.AnyMessage;
  const env = m.method === RESTART_WITH_ENV ? m.params?.env : null;
  if (typeof env !== 'object' || env === null) return msg;
  return { ...msg, params: { ...m.params, env: Object.fromEntries(Object.keys(env).map((name) => [name, '[redacted]'])) } } as acp.AnyMessage;
}
