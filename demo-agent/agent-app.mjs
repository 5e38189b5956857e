// @ts-check
/**
 * What the v1 and the v2 demo agent's SDK apps are built with (`agent.mjs`, `agent-v2.mjs`): the
 * name the agent gives, and its handlers registered from one table by ACP method name. Each
 * version types its table with its own SDK's handlers-by-method types, so every handler is still
 * checked against its method's params and result where the table is written.
 *
 * Browser-safe like `agent.mjs`: no Node imports.
 */
import { DEMO_AGENT_NAME } from './catalog.mjs';

/**
 * An agent's handlers by ACP method name: `Requests` and `Notifications` are an SDK version's
 * `AgentRequestHandlersByMethod` and `AgentNotificationHandlersByMethod`.
 * @template Requests, Notifications
 * @typedef {{ requests: Partial<Requests>, notifications: Partial<Notifications> }} HandlersByMethod
 */

/**
 * The options both SDK versions' apps take: the name the agent gives in `initialize`.
 * @param {{ name?: string }} options
 */
export const agentAppOptions = (options) => ({ name: options.name ?? DEMO_AGENT_NAME });

/**
 * Registers every handler of the table on `app` (an SDK `AgentApp`, v1 or v2) and returns the app.
 * @template {{ onRequest(method: string, handler: any): unknown, onNotification(method: string, handler: any): unknown }} App
 * @param {App} app
 * @param {HandlersByMethod<Record<string, unknown>, Record<string, unknown>>} handlers
 * @returns {App}
 */
export function withHandlers(app, { requests, notifications }) {
  for (const [method, handler] of Object.entries(requests)) app.onRequest(method, handler);
  for (const [method, handler] of Object.entries(notifications)) app.onNotification(method, handler);
  return app;
}
