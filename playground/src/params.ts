/**
 * Playground query parameters: `?agent=<ws(s) URL>` connects to that agent instead of the demo
 * agent, `?cwd=<absolute path>` sets the session working directory, `?theme=light|dark`.
 */
export type Theme = 'light' | 'dark' | 'system';

export interface PlaygroundParams {
  agentUrl: string;
  /** True when `?agent=` points somewhere else than the bundled demo agent. */
  external: boolean;
  cwd: string;
  theme: Theme;
  /** Problems with the parameters, shown on the page. */
  problems: string[];
}

const DEFAULT_CWD = '/workspace';

export function demoAgentUrl(): string {
  return import.meta.env.VITE_DEMO_AGENT_URL ?? `ws://127.0.0.1:3031/acp`;
}

export function readParams(search: string = window.location.search): PlaygroundParams {
  const query = new URLSearchParams(search);
  const problems: string[] = [];
  let agentUrl = demoAgentUrl();
  let external = false;
  const agent = query.get('agent');
  if (agent) {
    if (/^wss?:\/\//i.test(agent)) {
      agentUrl = agent;
      external = true;
    } else {
      problems.push(`Ignored ?agent=${agent}: it must be a ws:// or wss:// URL.`);
    }
  }
  let cwd = DEFAULT_CWD;
  const requestedCwd = query.get('cwd');
  if (requestedCwd) {
    if (requestedCwd.startsWith('/') || /^[A-Za-z]:[\\/]/.test(requestedCwd)) cwd = requestedCwd;
    else problems.push(`Ignored ?cwd=${requestedCwd}: it must be an absolute path.`);
  }
  const themeParam = query.get('theme');
  const theme: Theme = themeParam === 'light' || themeParam === 'dark' ? themeParam : 'system';
  return { agentUrl, external, cwd, theme, problems };
}

/** A link to another playground page that keeps the current query parameters. */
export function pageHref(page: 'index.html' | 'notebook.html', search: string = window.location.search): string {
  return `./${page === 'index.html' ? '' : page}${search}`;
}
