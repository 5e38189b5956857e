/**
 * Playground query parameters: `?agent=<ws(s) URL>` connects to that agent instead of the demo
 * agent, `?launcher=<http(s) URL of an acp-react-bridge --launcher>` lists the registry's agents
 * to pick one and start it, `?cwd=<absolute path>` sets the session working directory, `?theme=light|dark`, and
 * `?workspace=browser|none` says whether the agent is offered the in-browser workspace and the
 * simulated terminal (default: `browser` for the bundled demo agent, `none` with `?agent=`, since a
 * real agent works on its own disk; `browser` is for a demo agent started on another port),
 * `?attach=<session id>[&role=observer|controller]` joins a session another page runs on an
 * acp-react-bridge `--shared` instead of starting one (the IDE page).
 */
export type Theme = 'light' | 'dark' | 'system';

export interface PlaygroundParams {
  agentUrl: string;
  /** True when `?agent=` points somewhere else than the bundled demo agent. */
  external: boolean;
  /** `?launcher=`: the bridge the web IDE page picks an agent from, before anything connects (the other pages ignore it). */
  launcherUrl?: string;
  /** Offer the agent the in-browser workspace (fs) and the simulated terminal. */
  browserWorkspace: boolean;
  cwd: string;
  theme: Theme;
  /** `?attach=`: the shared session to join (acp-react-bridge --shared), and `?role=`. */
  attach?: { sessionId: string; role?: 'controller' | 'observer' };
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
    // WebSocket, or Streamable HTTP (the client picks the transport from the scheme).
    if (/^(wss?|https?):\/\//i.test(agent)) {
      agentUrl = agent;
      external = true;
    } else {
      problems.push(`Ignored ?agent=${agent}: it must be a ws(s):// or http(s):// URL.`);
    }
  }
  let launcherUrl: string | undefined;
  const launcher = query.get('launcher');
  if (launcher && external) problems.push(`Ignored ?launcher=${launcher}: ?agent= names the agent already.`);
  else if (launcher && !/^https?:\/\//i.test(launcher)) problems.push(`Ignored ?launcher=${launcher}: it must be the bridge's http(s):// URL.`);
  else if (launcher) launcherUrl = launcher;
  let cwd = DEFAULT_CWD;
  const requestedCwd = query.get('cwd');
  if (requestedCwd) {
    if (requestedCwd.startsWith('/') || /^[A-Za-z]:[\\/]/.test(requestedCwd)) cwd = requestedCwd;
    else problems.push(`Ignored ?cwd=${requestedCwd}: it must be an absolute path.`);
  }
  // A launched agent is a real agent too, on its own disk.
  let browserWorkspace = !external && !launcherUrl;
  const workspace = query.get('workspace');
  if (workspace === 'browser') browserWorkspace = true;
  else if (workspace === 'none') browserWorkspace = false;
  else if (workspace) problems.push(`Ignored ?workspace=${workspace}: it must be browser or none.`);
  const themeParam = query.get('theme');
  const theme: Theme = themeParam === 'light' || themeParam === 'dark' ? themeParam : 'system';
  let attach: PlaygroundParams['attach'];
  const sessionId = query.get('attach');
  if (sessionId) {
    const role = query.get('role');
    attach = role === 'controller' || role === 'observer' ? { sessionId, role } : { sessionId };
    if (role && !attach.role) problems.push(`Ignored ?role=${role}: it must be controller or observer.`);
  }
  return { agentUrl, external, ...(launcherUrl ? { launcherUrl } : {}), browserWorkspace, cwd, theme, ...(attach ? { attach } : {}), problems };
}

/** A link to another playground page that keeps the current query parameters. */
export function pageHref(page: 'index.html' | 'notebook.html', search: string = window.location.search): string {
  if (page === 'index.html') return `./${search}`;
  // The notebook runs the demo agent or ?agent=, never the launcher's.
  const query = new URLSearchParams(search);
  query.delete('launcher');
  const rest = query.toString();
  return `./${page}${rest ? `?${rest}` : ''}`;
}
