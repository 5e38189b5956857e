import type { AuthMethod } from '@agentclientprotocol/sdk';

export interface EnvVarSpec {
  name: string;
  label: string | null;
  /** Defaults to true in the auth-methods RFD. */
  secret: boolean;
  optional: boolean;
}

/** What the panel can do with a method. Only `agent` methods may be passed to `authenticate`. */
export type AuthMethodKind =
  | { kind: 'agent' }
  | { kind: 'terminal'; args: string[]; env: Array<[string, string]> }
  | { kind: 'env_var'; vars: EnvVarSpec[]; link: string | null }
  | { kind: 'unknown'; type: string };

/**
 * Reads the raw `type`: the SDK types know `agent` (or no type) and `terminal`, but agents may
 * send `env_var` (RFD only) or types from the future, which must never reach `authenticate`.
 */
export function classifyAuthMethod(method: AuthMethod): AuthMethodKind {
  const raw = method as Record<string, unknown>;
  const type = raw.type;
  if (type === undefined || type === null || type === 'agent') return { kind: 'agent' };
  if (type === 'terminal') {
    const args = Array.isArray(raw.args) ? raw.args.filter((a): a is string => typeof a === 'string') : [];
    const env = isRecord(raw.env) ? Object.entries(raw.env).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
    return { kind: 'terminal', args, env };
  }
  if (type === 'env_var') {
    const vars = Array.isArray(raw.vars) ? raw.vars.flatMap(toEnvVar) : [];
    return { kind: 'env_var', vars, link: safeLink(raw.link) };
  }
  return { kind: 'unknown', type: String(type) };
}

function toEnvVar(value: unknown): EnvVarSpec[] {
  if (!isRecord(value) || typeof value.name !== 'string' || !value.name) return [];
  return [
    {
      name: value.name,
      label: typeof value.label === 'string' && value.label ? value.label : null,
      secret: value.secret !== false,
      optional: value.optional === true,
    },
  ];
}

/** Only web links are offered: an agent-supplied `javascript:` URL must not become a link. */
function safeLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
