// @ts-check
/**
 * Reading and writing the workspace's files from a script, whoever holds them: the client
 * (`fs/read_text_file`, `fs/write_text_file`, when it advertised `fs`), or, on ACP v2 (no client
 * files), the agent itself: an in-memory copy per session, seeded with the demo workspace's files
 * (the same texts as the playground's sample project) and shared with the session's child sessions.
 */
import * as acp from '@agentclientprotocol/sdk';
import { FORMAT_FILE, FORMAT_OLD, GREETING_FILE, GREETING_OLD } from './content.mjs';
import { joinPath } from './helpers.mjs';

/**
 * @typedef {import('./turn.mjs').Turn} Turn
 * @typedef {import('./session-store.mjs').DemoSession} DemoSession
 */

const m = acp.methods;

/** The files the agent starts with, relative to the session's cwd. */
const SEED = [
  [GREETING_FILE, GREETING_OLD],
  [FORMAT_FILE, FORMAT_OLD],
];

/** Whether the turn can both read and write files (the client's, or its own on v2). */
export function canUseFiles(/** @type {Turn} */ t) {
  return Boolean(t.caps.agentOwned || (t.caps.fs?.readTextFile && t.caps.fs?.writeTextFile));
}

/**
 * The session's own files (absolute path → text), created on first use.
 * @param {DemoSession} session
 * @returns {Map<string, string>}
 */
function agentFiles(session) {
  session.files ??= new Map(SEED.map(([file, text]) => [joinPath(session.cwd, file), text]));
  return session.files;
}

/** A child session works in its parent's files (`ChildTurn`). @param {Turn} t */
const filesOf = (t) => agentFiles(/** @type {{ parent?: Turn }} */ (t).parent?.session ?? t.session);

/**
 * @param {Turn} t
 * @param {string} path  absolute
 * @returns {Promise<string>}
 */
export async function readFile(t, path) {
  if (!t.caps.agentOwned) {
    /** @type {import('@agentclientprotocol/sdk').ReadTextFileResponse} */
    const { content } = await t.request((opts) => t.client.request(m.client.fs.readTextFile, { sessionId: t.sessionId, path }, opts));
    return content;
  }
  const text = filesOf(t).get(path);
  if (text === undefined) throw acp.RequestError.resourceNotFound(path);
  return text;
}

/**
 * @param {Turn} t
 * @param {string} path  absolute
 * @param {string} content
 */
export async function writeFile(t, path, content) {
  if (!t.caps.agentOwned) {
    await t.request((opts) => t.client.request(m.client.fs.writeTextFile, { sessionId: t.sessionId, path, content }, opts));
    return;
  }
  t.check();
  filesOf(t).set(path, content);
}
