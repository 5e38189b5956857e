// @ts-check
/**
 * Launcher mode (`--launcher`): instead of one agent command, the bridge offers the agents of an
 * ACP registry and starts the one each connection names. Its routes, all behind the bridge's usual
 * checks (Origin allowlist, token, CORS for allowed origins only):
 *
 * - `GET /registry`: the agents, as JSON, for a picker;
 * - `POST /agents/<id>/install`: installs the agent's package (npx) before it is first started,
 *   streaming the installer's output as NDJSON lines; a no-op for an agent that needs none;
 * - `/agents/<id>` (a WebSocket upgrade or Streamable HTTP): a connection to a fresh process of that
 *   agent, stopped with its whole process group when the connection ends, as in the default mode.
 *
 * An npx agent must be installed through this bridge before a connection may start it: started
 * straight away, `npx -y` would download it inside the connection, and a page closing that
 * connection would kill the download midway (which breaks later runs of the package).
 */
import { findAgent, installCommand, launchCommand, loadRegistry, RegistryError } from './registry.mjs';
import { createInstaller } from './install.mjs';

export const REGISTRY_PATH = '/registry';
const AGENT_PATH = /^\/agents\/([^/]+)$/;
const INSTALL_PATH = /^\/agents\/([^/]+)\/install$/;

/**
 * What a connection starts: the agent's command, arguments and extra environment.
 * @typedef {{ command: string, args: string[], env: Record<string, string>, label: string }} LaunchTarget
 */

/**
 * @typedef {{ ok: true, target: LaunchTarget } | { ok: false, status: number, reason: string }} TargetVerdict
 */

/**
 * @param {{
 *   registry?: string,
 *   hasUvx: () => boolean,
 *   env: NodeJS.ProcessEnv,
 *   cwd: string,
 *   log: import('./log.mjs').Logger,
 * }} options
 */
export function createLauncher(options) {
  const { log } = options;
  const registry = loadRegistry(options.registry);
  const installer = createInstaller({ env: options.env, cwd: options.cwd, log });

  /**
   * How an agent would be started, or why it cannot be.
   * @param {string} id
   * @returns {{ ok: true, agent: import('./registry.mjs').RegistryAgent, launch: ReturnType<typeof launchCommand> } | { ok: false, status: number, reason: string }}
   */
  const plan = (id) => {
    let agent;
    try {
      agent = findAgent(registry, id);
      return { ok: true, agent, launch: launchCommand(agent, { hasUvx: options.hasUvx() }) };
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      // 404: no such agent; 422: an agent this bridge cannot run (a binary, uvx without uv).
      return { ok: false, status: agent ? 422 : 404, reason: error.message };
    }
  };

  return {
    registry,

    /**
     * The agent a connection path names, ready to start, or why not.
     * @param {string} pathname
     * @returns {TargetVerdict}
     */
    target(pathname) {
      const match = AGENT_PATH.exec(pathname);
      if (!match) return { ok: false, status: 404, reason: notFound(pathname) };
      const planned = plan(decode(match[1]));
      if (!planned.ok) return planned;
      const { agent, launch } = planned;
      if (installCommand(launch) && !installer.isInstalled(agent.id)) {
        return {
          ok: false,
          status: 409,
          reason: `${agent.id} is not installed yet: POST /agents/${agent.id}/install first (a first download can take minutes, and must not be stopped midway)`,
        };
      }
      return { ok: true, target: { command: launch.command, args: launch.args, env: launch.env, label: `${agent.id} ${agent.version}` } };
    },

    /**
     * Answers the launcher's own routes (the registry, installs); returns false for any other path.
     * The request has passed the bridge's checks.
     * @param {import('node:http').IncomingMessage} request
     * @param {import('node:http').ServerResponse} response
     * @param {string} pathname
     */
    serve(request, response, pathname) {
      if (pathname === REGISTRY_PATH) {
        if (request.method !== 'GET' && request.method !== 'HEAD') return reject(response, 405, `use GET for ${REGISTRY_PATH}`, 'GET');
        sendJson(response, 200, registryForPage());
        return true;
      }
      const install = INSTALL_PATH.exec(pathname);
      if (!install) return false;
      if (request.method !== 'POST') return reject(response, 405, 'use POST to install an agent', 'POST');
      void serveInstall(decode(install[1]), response);
      return true;
    },

    /** Installs under way: a shutdown waits for them (an install is never stopped midway). */
    pendingInstalls: installer.pending,
  };

  function registryForPage() {
    return {
      source: registry.source,
      ...(registry.date ? { date: registry.date } : {}),
      agents: registry.agents.map((agent) => {
        const planned = plan(agent.id);
        return {
          id: agent.id,
          name: agent.name,
          version: agent.version,
          description: agent.description,
          ...(agent.license ? { license: agent.license } : {}),
          ...(agent.icon ? { icon: agent.icon } : {}),
          distribution: agent.distribution.npx ? 'npx' : agent.distribution.uvx ? 'uvx' : 'binary',
          installed: planned.ok && (!installCommand(planned.launch) || installer.isInstalled(agent.id)),
          ...(planned.ok ? {} : { unavailable: planned.reason }),
        };
      }),
    };
  }

  /**
   * The install's output as it comes, then its outcome, one JSON object a line:
   * `{"type":"output","text":…}`, then `{"type":"installed","path":"/agents/<id>"}` or
   * `{"type":"failed","message":…}`. The install goes on if the page goes away.
   * @param {string} id
   * @param {import('node:http').ServerResponse} response
   */
  async function serveInstall(id, response) {
    const planned = plan(id);
    if (!planned.ok) return sendJson(response, planned.status, { error: planned.reason });
    const { agent, launch } = planned;
    response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    /** @param {Record<string, unknown>} line */
    const write = (line) => {
      if (!response.destroyed) response.write(`${JSON.stringify(line)}\n`);
    };
    const install = installCommand(launch);
    if (install) {
      write({ type: 'output', text: `Installing ${agent.name} ${agent.version} (${[install.command, ...install.args].join(' ')})…\n` });
      const code = await installer.install(agent.id, install, (text) => write({ type: 'output', text }));
      if (code !== 0) {
        write({
          type: 'failed',
          message:
            `${launch.kind} could not install ${launch.args[1]} (exit ${code}: offline, or no such package?); ` +
            `run the agent by hand to see why: ${[launch.command, ...launch.args].join(' ')}`,
        });
        response.end();
        return;
      }
    }
    write({ type: 'installed', path: `/agents/${agent.id}` });
    response.end();
  }
}

/** @param {string} pathname */
function notFound(pathname) {
  return `nothing at ${pathname}: this acp-react-bridge launches registry agents (GET ${REGISTRY_PATH}, POST /agents/<id>/install, connect to /agents/<id>)`;
}

/** @param {string} segment */
function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} message
 * @param {string} allow
 */
function reject(response, status, message, allow) {
  response.setHeader('Allow', allow);
  sendJson(response, status, { error: message });
  return true;
}
