// @ts-check
/**
 * Launching an agent from the ACP registry (`--agent <id>`, `--list`, `--registry <file>`).
 *
 * The registry is a `registry.json` with `agents[]`, each with `id`, `name`, `version`,
 * `description` and a `distribution` of `npx` (`{ package, args?, env? }`), `uvx` (the same) or
 * `binary` (an archive per platform). A dated snapshot ships in the package
 * (`registry-snapshot.json`, from github.com/agentclientprotocol/registry); `--registry` reads
 * another file. Nothing here reaches the network: installing is npx's or uvx's job.
 *
 * Rules: `npx` distributions run with `npx -y`, after the package has been installed into npx's
 * cache (see {@link installCommand}: a download can be hundreds of MB, and the bridge accepts
 * connections only once it is there); `uvx` only when `uvx` is on PATH; `binary` distributions
 * are not run by this version (the registry carries no checksum to verify a download against),
 * and the error says how to run the agent by hand.
 */
import { readFileSync } from 'node:fs';
import { isObject } from './jsonrpc.mjs';

export const SNAPSHOT_URL = new URL('./registry-snapshot.json', import.meta.url);

/**
 * @typedef {object} RegistryPackage
 * @property {string} package
 * @property {string[]} args
 * @property {Record<string, string>} env
 */

/**
 * @typedef {object} RegistryAgent
 * @property {string} id
 * @property {string} name
 * @property {string} version
 * @property {string} description
 * @property {string | undefined} license
 * @property {string | undefined} icon
 * @property {{ npx?: RegistryPackage, uvx?: RegistryPackage, binary?: Record<string, unknown> }} distribution
 */

/**
 * @typedef {object} Registry
 * @property {RegistryAgent[]} agents
 * @property {string} source where it was read from
 * @property {string | undefined} date the snapshot's date, when it is the bundled one
 */

/** A registry that cannot be used: the CLI prints the message and exits 2. */
export class RegistryError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'RegistryError';
  }
}

/**
 * Reads and checks a registry file (default: the bundled snapshot). Entries without the required
 * fields are skipped; a file that is not a registry is an error.
 * @param {string | URL} [file]
 * @returns {Registry}
 */
export function loadRegistry(file = SNAPSHOT_URL) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RegistryError(`cannot read the registry ${String(file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(data) || !Array.isArray(data.agents)) throw new RegistryError(`${String(file)} is not an ACP registry (no "agents" array)`);
  const agents = data.agents.flatMap((entry) => {
    const agent = readAgent(entry);
    return agent ? [agent] : [];
  });
  const snapshot = isObject(data._snapshot) ? data._snapshot : {};
  return { agents, source: file instanceof URL ? 'the bundled registry snapshot' : file, date: typeof snapshot.date === 'string' ? snapshot.date : undefined };
}

/** @param {unknown} entry @returns {RegistryAgent | null} */
function readAgent(entry) {
  if (!isObject(entry) || !isObject(entry.distribution)) return null;
  const { id, name, version, description } = entry;
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(id) || typeof name !== 'string' || typeof version !== 'string') return null;
  const distribution = entry.distribution;
  return {
    id,
    name,
    version,
    description: typeof description === 'string' ? description : '',
    license: typeof entry.license === 'string' ? entry.license : undefined,
    icon: typeof entry.icon === 'string' ? entry.icon : undefined,
    distribution: {
      ...(readPackage(distribution.npx) ? { npx: readPackage(distribution.npx) ?? undefined } : {}),
      ...(readPackage(distribution.uvx) ? { uvx: readPackage(distribution.uvx) ?? undefined } : {}),
      ...(isObject(distribution.binary) ? { binary: distribution.binary } : {}),
    },
  };
}

/** @param {unknown} value @returns {RegistryPackage | null} */
function readPackage(value) {
  if (!isObject(value) || typeof value.package !== 'string' || value.package === '' || value.package.startsWith('-')) return null;
  /** @type {Record<string, string>} */
  const env = {};
  if (isObject(value.env)) for (const [k, v] of Object.entries(value.env)) if (typeof v === 'string') env[k] = v;
  return { package: value.package, args: Array.isArray(value.args) ? value.args.filter((a) => typeof a === 'string') : [], env };
}

/**
 * The agent with this id, or an error listing the known ones.
 * @param {Registry} registry
 * @param {string} id
 */
export function findAgent(registry, id) {
  const agent = registry.agents.find((a) => a.id === id);
  if (!agent) {
    throw new RegistryError(`no agent "${id}" in ${registry.source}; known agents: ${registry.agents.map((a) => a.id).join(', ') || '(none)'}`);
  }
  return agent;
}

/**
 * How to start an agent: its command, arguments and extra environment, by the rules above.
 * @param {RegistryAgent} agent
 * @param {{ hasUvx: boolean }} host
 * @returns {{ command: string, args: string[], env: Record<string, string>, kind: 'npx' | 'uvx' }}
 */
export function launchCommand(agent, host) {
  const { npx, uvx, binary } = agent.distribution;
  if (npx) return { command: 'npx', args: ['-y', npx.package, ...npx.args], env: npx.env, kind: 'npx' };
  if (uvx && host.hasUvx) return { command: 'uvx', args: [uvx.package, ...uvx.args], env: uvx.env, kind: 'uvx' };
  if (uvx) {
    throw new RegistryError(
      `${agent.id} is distributed with uvx, which is not on PATH; install uv (https://docs.astral.sh/uv/) or run it by hand: uvx ${uvx.package} ${uvx.args.join(' ')}`.trim(),
    );
  }
  if (binary) {
    const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch === 'arm64' ? 'aarch64' : process.arch === 'x64' ? 'x86_64' : process.arch}`;
    const target = isObject(binary[platform]) ? binary[platform] : undefined;
    const where = target && typeof target.archive === 'string' ? `download ${target.archive}, unpack it, and run ` : 'download it for your platform and run ';
    throw new RegistryError(
      `${agent.id} is distributed as a binary, which this bridge does not download (the registry gives no checksum to verify it against); ` +
        `${where}acp-react-bridge -- <path to ${typeof target?.cmd === 'string' ? target.cmd.replace(/^\.\//, '') : 'the executable'}>`,
    );
  }
  throw new RegistryError(`${agent.id} has no distribution this bridge can run`);
}

/**
 * The command that installs an npx agent's package into npx's cache without starting the agent,
 * run before the bridge accepts connections (and never killed midway: a killed npx install
 * leaves a cache entry that breaks later runs of that package).
 * @param {{ kind: 'npx' | 'uvx', args: string[] }} launch
 * @returns {{ command: string, args: string[] } | null}
 */
export function installCommand(launch) {
  if (launch.kind !== 'npx') return null;
  return { command: 'npx', args: ['-y', '--package', /** @type {string} */ (launch.args[1]), '--', 'node', '-e', ''] };
}

/**
 * `--list`: one agent a line.
 * @param {Registry} registry
 */
export function formatList(registry) {
  const header = `ACP registry agents (${registry.source}${registry.date ? `, ${registry.date}` : ''}):\n`;
  const width = Math.max(0, ...registry.agents.map((a) => a.id.length));
  const lines = registry.agents.map((a) => {
    const how = a.distribution.npx ? 'npx' : a.distribution.uvx ? 'uvx' : 'binary';
    return `  ${a.id.padEnd(width)}  ${a.name} ${a.version} (${how}${a.license ? `, ${a.license}` : ''}): ${a.description}`;
  });
  return `${header}${lines.join('\n')}\n`;
}
