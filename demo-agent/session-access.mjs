// @ts-check
/**
 * The checks a request passes before it may touch a session: authenticated (when the agent
 * requires it), the session exists in the store, and it is open on this connection.
 */
import * as acp from '@agentclientprotocol/sdk';
import { AUTH_METHOD_ID } from './catalog.mjs';

/**
 * @typedef {import('./connections.mjs').ConnState} ConnState
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 * @typedef {import('./session-store.mjs').DemoSession} DemoSession
 */

/** @param {DemoAgentContext} ctx @param {ConnState} c */
export function assertAuthenticated(ctx, c) {
  if (ctx.requireAuth && !c.authenticated) {
    const method = c.protocol === 2 ? 'auth/login' : 'authenticate';
    throw acp.RequestError.authRequired({ authMethods: [AUTH_METHOD_ID] }, `Authentication required: call ${method} with methodId "${AUTH_METHOD_ID}"`);
  }
}

/** @param {DemoAgentContext} ctx @param {string} sessionId @returns {DemoSession} */
export function existingSession(ctx, sessionId) {
  const session = ctx.store.get(sessionId);
  if (!session) throw acp.RequestError.sessionNotFound(sessionId);
  return session;
}

/** @param {DemoAgentContext} ctx @param {ConnState} c @param {string} sessionId @returns {DemoSession} */
export function openSession(ctx, c, sessionId) {
  const session = existingSession(ctx, sessionId);
  if (!c.openSessions.has(sessionId)) {
    const error = acp.RequestError.sessionNotFound(sessionId);
    error.message = `Session ${sessionId} is not open on this connection; call session/load or session/resume first`;
    throw error;
  }
  return session;
}
