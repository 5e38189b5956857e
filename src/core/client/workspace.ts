/**
 * The agent's access to the host's workspace: `fs/*` requests served through the host's
 * `FsAdapter` (confined to the session roots) and `terminal/*` requests through its
 * `TerminalAdapter`. A child session's requests (sub-agents) are served with its own
 * roots and working directory (`WorkspaceHost.owner`).
 *
 * The client loads this module with a dynamic `import()` while connecting, and only when the host
 * supplied an adapter, so a client without file or terminal access does not carry this code. It
 * takes the client's helpers through `WorkspaceHost` (see `on-demand.ts` for why).
 */
import * as acp from '@agentclientprotocol/sdk';
import type { FsAdapter } from '../api.js';
import { resolveInRoots } from '../paths.js';
import type { WorkspaceHost } from './on-demand.js';
import type { TerminalManager } from './terminals.js';

export { createTerminalManager } from './terminals.js';

/** Registers `fs/read_text_file`, and `fs/write_text_file` when the adapter can write. */
export function serveFs(app: acp.ClientApp, fs: FsAdapter, host: WorkspaceHost): void {
  /** The request's context, once its path is known to lie inside the session's roots. */
  const check = (sessionId: string, path: string) => {
    const own = host.get().sessions[sessionId];
    // A child session's roots are its own (each inherited from its parent while unset).
    const child = own ? null : host.owner(sessionId);
    const session = own ?? child;
    if (!session) throw host.error('resourceNotFound', `Unknown session: ${sessionId}`, { sessionId });
    let roots = [session.cwd, ...session.additionalDirectories].filter(Boolean);
    const parent = child && host.get().sessions[child.sessionId];
    if (parent) {
      // The agent reports a child's roots, but never beyond what the host gave the session it
      // belongs to: a child root outside the parent's roots is not used.
      const parentRoots = [parent.cwd, ...parent.additionalDirectories].filter(Boolean);
      roots = roots.filter((root) => {
        const inside = resolveInRoots(root, parentRoots) !== null;
        if (!inside) host.diagnose(`Child session ${sessionId}'s root ${root} lies outside its parent's roots (${parentRoots.join(', ')}); not used.`);
        return inside;
      });
    }
    const resolved = resolveInRoots(path, roots);
    if (resolved === null) {
      host.diagnose(`Refused access to ${path}: outside the session roots.`);
      throw host.error('invalidParams', `Access denied: ${path} is not an absolute path inside the session roots (${roots.join(', ')}).`, { path });
    }
    return { sessionId, path: resolved, roots };
  };
  const m = acp.methods.client.fs;
  app.onRequest(m.readTextFile, ({ params, signal }) =>
    answer(host, async () => {
      const content = await fs.readTextFile({ ...check(params.sessionId, params.path), signal });
      return { content: sliceLines(content, params.line ?? null, params.limit ?? null) };
    }),
  );
  if (fs.writeTextFile) {
    const write = fs.writeTextFile.bind(fs);
    app.onRequest(m.writeTextFile, ({ params, signal }) =>
      answer(host, async () => {
        await write({ ...check(params.sessionId, params.path), signal }, params.content);
        return {};
      }),
    );
  }
}

/** Registers the five `terminal/*` requests on the client's terminal manager. */
export function serveTerminals(app: acp.ClientApp, terminals: TerminalManager, host: WorkspaceHost): void {
  const m = acp.methods.client.terminal;
  app.onRequest(m.create, (ctx) => answer(host, () => terminals.create(ctx.params)));
  app.onRequest(m.output, (ctx) => answer(host, () => terminals.output(ctx.params)));
  app.onRequest(m.waitForExit, (ctx) => answer(host, () => terminals.waitForExit(ctx.params, ctx.signal)));
  app.onRequest(m.kill, (ctx) => answer(host, () => terminals.kill(ctx.params)));
  app.onRequest(m.release, (ctx) => answer(host, () => terminals.release(ctx.params)));
}

/** Runs a request handler; any failure reaches the agent as a JSON-RPC error with a readable message (not a bare -32603). */
async function answer<T>(host: WorkspaceHost, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { code, message, data } = host.normalize(error);
    // -32603: JSON-RPC's internal error, for the client's own (string) codes.
    throw new acp.RequestError(typeof code === 'number' ? code : -32603, message, data);
  }
}

/** `line` is 1-based; `limit` counts lines. */
export function sliceLines(content: string, line: number | null, limit: number | null): string {
  if (line === null && limit === null) return content;
  const lines = content.split('\n');
  const start = Math.max(0, (line ?? 1) - 1);
  const end = limit === null ? lines.length : start + Math.max(0, limit);
  return lines.slice(start, end).join('\n');
}
