// @ts-check
/**
 * Session lifecycle requests: `session/new`, `load` (replays the history before answering),
 * `resume`, `list` (newest first, opaque cursor), `close` and `delete`.
 */
import * as acp from '@agentclientprotocol/sdk';
import { DEMO_COMMANDS } from './catalog.mjs';
import { configOptionsOf, modesOf, usageOf } from './config-options.mjs';
import { isAbsolutePath, yieldToEventLoop } from './helpers.mjs';
import { assertAuthenticated, existingSession } from './session-access.mjs';
import { replayable } from './replay.mjs';
import { isChildSessionEntry } from './session-store.mjs';

/**
 * @typedef {import('@agentclientprotocol/sdk').AgentContext} AgentContext
 * @typedef {import('@agentclientprotocol/sdk').AgentRequestHandlersByMethod} Handlers
 * @typedef {import('@agentclientprotocol/sdk').SessionInfo} SessionInfo
 * @typedef {import('@agentclientprotocol/sdk').SessionUpdate} SessionUpdate
 * @typedef {import('./context.mjs').DemoAgentContext} DemoAgentContext
 * @typedef {import('./session-store.mjs').DemoSession} DemoSession
 */

const m = acp.methods;

/** @param {DemoAgentContext} ctx */
export function sessionHandlers(ctx) {
  const store = ctx.store;

  /** @type {Handlers['session/new']} */
  const newSession = ({ params, client }) => {
    const c = ctx.conn(client);
    assertAuthenticated(ctx, c);
    const additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
    const session = store.create({ cwd: params.cwd, additionalDirectories });
    c.openSessions.add(session.sessionId);
    sendAfterResponse(client, session.sessionId, sessionSnapshot(session));
    return { sessionId: session.sessionId, modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
  };

  /** @type {Handlers['session/load']} */
  const load = async ({ params, client }) => {
    const c = ctx.conn(client);
    const session = existingSession(ctx, params.sessionId);
    session.additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
    c.openSessions.add(session.sessionId);
    // Replay the whole history (original messageIds) before answering; child sessions' updates
    // with their own ids, and only to a client that advertised `subagents`; each in terms this
    // client takes (`replay.mjs`).
    const history = session.history.slice();
    for (let i = 0; i < history.length; i++) {
      const entry = history[i];
      if (isChildSessionEntry(entry) && !c.caps.subagents) continue;
      const [sessionId, recorded] = 'childSessionId' in entry ? [entry.childSessionId, entry.update] : [session.sessionId, entry];
      const update = replayable(recorded, c);
      if (update) await client.notify(m.client.session.update, { sessionId, update });
      if ((i & 255) === 255) await yieldToEventLoop();
    }
    /** @type {SessionUpdate[]} */
    const snapshot = [{ sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt }, ...sessionSnapshot(session)];
    for (const update of snapshot) {
      await client.notify(m.client.session.update, { sessionId: session.sessionId, update });
    }
    return { modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
  };

  /** @type {Handlers['session/resume']} */
  const resume = ({ params, client }) => {
    const c = ctx.conn(client);
    const session = existingSession(ctx, params.sessionId);
    session.additionalDirectories = validateRoots(params.cwd, params.additionalDirectories);
    c.openSessions.add(session.sessionId);
    sendAfterResponse(client, session.sessionId, [
      { sessionUpdate: 'session_info_update', title: session.title, updatedAt: session.updatedAt },
      ...sessionSnapshot(session),
    ]);
    return { modes: modesOf(session), configOptions: configOptionsOf(session, c.caps) };
  };

  /** @type {Handlers['session/list']} */
  const list = ({ params }) => {
    let offset = 0;
    if (params.cursor) {
      offset = decodeCursor(params.cursor);
    }
    const all = store.list().filter((s) => !params.cwd || s.cwd === params.cwd);
    const page = all.slice(offset, offset + ctx.listPageSize);
    const next = offset + ctx.listPageSize;
    return {
      sessions: page.map((s) => {
        /** @type {SessionInfo} */
        const info = { sessionId: s.sessionId, cwd: s.cwd, title: s.title, updatedAt: s.updatedAt };
        if (s.additionalDirectories.length) info.additionalDirectories = [...s.additionalDirectories];
        return info;
      }),
      ...(next < all.length ? { nextCursor: encodeCursor(next) } : {}),
    };
  };

  /** @type {Handlers['session/close']} */
  const close = ({ params, client }) => {
    const session = existingSession(ctx, params.sessionId);
    session.activeTurn?.cancel();
    ctx.conn(client).openSessions.delete(session.sessionId);
    return {};
  };

  /** @type {Handlers['session/delete']} */
  const deleteSession = ({ params, client }) => {
    const session = store.get(params.sessionId);
    if (session) {
      session.activeTurn?.cancel();
      store.delete(session.sessionId);
    }
    ctx.conn(client).openSessions.delete(params.sessionId);
    return {};
  };

  return { new: newSession, load, resume, list, close, delete: deleteSession };
}

/** @param {string} cwd @param {string[] | undefined} dirs */
function validateRoots(cwd, dirs) {
  if (!isAbsolutePath(cwd)) throw acp.RequestError.invalidParams({ cwd }, 'cwd must be an absolute path');
  for (const dir of dirs ?? []) {
    if (!dir || !isAbsolutePath(dir)) {
      throw acp.RequestError.invalidParams({ additionalDirectories: dirs }, 'additionalDirectories must be absolute paths');
    }
  }
  return [...new Set((dirs ?? []).filter((d) => d !== cwd))];
}

/**
 * Sends session-scoped notifications after the current response went out.
 * @param {AgentContext} client
 * @param {string} sessionId
 * @param {SessionUpdate[]} updates
 */
function sendAfterResponse(client, sessionId, updates) {
  setTimeout(() => {
    void (async () => {
      for (const update of updates) {
        await client.notify(m.client.session.update, { sessionId, update });
      }
    })().catch(() => {});
  }, 0);
}

/** @param {DemoSession} session @returns {SessionUpdate[]} */
function sessionSnapshot(session) {
  return [{ sessionUpdate: 'available_commands_update', availableCommands: DEMO_COMMANDS.map((c) => ({ ...c })) }, usageOf(session)];
}

/** @param {number} offset */
function encodeCursor(offset) {
  return btoa(JSON.stringify({ offset }));
}

/** @param {string} cursor */
function decodeCursor(cursor) {
  try {
    const value = JSON.parse(atob(cursor));
    if (Number.isInteger(value?.offset) && value.offset >= 0) return /** @type {number} */ (value.offset);
  } catch {
    // fall through
  }
  throw acp.RequestError.invalidParams({ cursor }, 'Invalid cursor');
}
