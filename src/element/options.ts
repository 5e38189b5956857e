import type { AcpClientOptions } from '../core/index.js';
import type { MessageOverrides } from '../i18n/index.js';
import type { AgentPanelProps } from '../panels/index.js';

export type ElementTheme = 'light' | 'dark' | 'system';
export const THEMES: readonly ElementTheme[] = ['light', 'dark', 'system'];

/** What `mountAgentPanel` and `<acp-agent-panel>` take. */
export interface MountAgentPanelOptions {
  /** The agent's WebSocket URL (`ws:` or `wss:`), e.g. `ws://127.0.0.1:3031/acp`. */
  url: string;
  /** Absolute working directory for the panel's sessions. */
  cwd: string;
  /** `system` (default) follows `prefers-color-scheme`. */
  theme?: ElementTheme;
  /**
   * The client's other options: `fs` (an `FsAdapter`), `terminal`, `permissionPolicy`,
   * `clientInfo`, `reconnect`... (`url` is the option above).
   */
  client?: Omit<AcpClientOptions, 'url' | 'stream'>;
  /** `AgentPanel`'s other props (`compact`, `onOpenLocation`, `additionalDirectories`...). */
  panel?: Omit<AgentPanelProps, 'cwd'>;
  /** UI string overrides and the locale, as on `<AcpProvider>`. */
  messages?: MessageOverrides;
  locale?: string;
}

/** Why the options cannot be used, one sentence each: shown in the element and warned in the console. */
export function optionProblems(options: Partial<MountAgentPanelOptions>): string[] {
  const problems: string[] = [];
  const { url, cwd, theme } = options;
  if (!url) problems.push('The url attribute is missing: give the agent’s WebSocket URL, such as ws://127.0.0.1:3031/acp.');
  else if (!isWebSocketUrl(url)) problems.push(`The url “${url}” is not a WebSocket URL (ws:// or wss://).`);
  if (!cwd) problems.push('The cwd attribute is missing: give the absolute working directory for the sessions.');
  else if (!/^(\/|[A-Za-z]:[\\/]|\\\\)/.test(cwd)) problems.push(`The cwd “${cwd}” is not an absolute path.`);
  if (theme !== undefined && !THEMES.includes(theme)) problems.push(`The theme “${theme}” is unknown: use light, dark or system.`);
  const protocol = options.client?.protocol;
  if (protocol !== undefined && !PROTOCOLS.includes(protocol)) problems.push(`The protocol “${protocol}” is unknown: use 1, 2 or auto.`);
  return problems;
}

const PROTOCOLS: readonly unknown[] = [1, 2, 'auto'];

/**
 * The `protocol` attribute as the client's option (`1`, `2`, `auto`); absent, the client's
 * default. Another value is passed on as it is, for `optionProblems` to name.
 */
export function protocolAttribute(value: string | null): AcpClientOptions['protocol'] {
  if (value === null) return undefined;
  return (value === '1' ? 1 : value === '2' ? 2 : value) as AcpClientOptions['protocol'];
}

function isWebSocketUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'ws:' || parsed.protocol === 'wss:';
  } catch {
    return false;
  }
}
