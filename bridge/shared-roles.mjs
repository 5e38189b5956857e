// @ts-check
/**
 * Who may do what on a `--shared` bridge: each page (connection) is a controller or an observer,
 * decided by the bridge when it connects, never by what the page asks.
 *
 * - With `--token` (and `--observer-token`): the controller token makes a controller, the observer
 *   token an observer.
 * - Without tokens: a connection from a loopback address is a controller, any other an observer
 *   (a page reached over the network reads until someone sets a token).
 *
 * An observer reads: the requests in {@link OBSERVER_METHODS} are all it may send; the rest is
 * refused by the bridge, never forwarded to the agent.
 */
import { checkToken, isLoopbackHost } from './auth.mjs';

/** @typedef {'controller' | 'observer'} PageRole */

/** The JSON-RPC error code of what an observer may not do. */
export const OBSERVER_ERROR = -32050;

/** The requests an observer may send: reading only. */
export const OBSERVER_METHODS = new Set([
  'initialize',
  'session/list',
  '_acp-react/bridge/session/attach',
  '_acp-react/bridge/session/detach',
  '_acp-react/bridge/sessions',
]);

/**
 * The role of a connection, or why it is refused (a token that matches neither secret).
 * @param {{ token?: string, observerToken?: string }} secrets
 * @param {{ url?: string, headers: Record<string, string | string[] | undefined>, socket?: { remoteAddress?: string } }} request
 * @returns {{ ok: true, role: PageRole } | { ok: false, reason: string }}
 */
export function pageRole(secrets, request) {
  if (secrets.token === undefined) {
    const address = request.socket?.remoteAddress ?? '';
    return { ok: true, role: isLoopbackHost(address) ? 'controller' : 'observer' };
  }
  const asController = checkToken(secrets.token, request);
  if (asController.ok) return { ok: true, role: 'controller' };
  if (secrets.observerToken !== undefined && checkToken(secrets.observerToken, request).ok) return { ok: true, role: 'observer' };
  return asController;
}

/**
 * Why an observer's message is refused, for the error it gets.
 * @param {string} what e.g. `session/prompt`, `an answer to session/request_permission`
 */
export function observerRefusal(what) {
  return `This page is an observer: ${what} is for controllers (acp-react-bridge --shared)`;
}
