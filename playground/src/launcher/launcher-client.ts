/**
 * The page's side of `acp-react-bridge --launcher`: read its registry, install an agent (reading
 * the install's NDJSON lines as progress), and the WebSocket URL that starts the agent. A token in
 * the launcher URL (`?token=`) goes along on every request.
 */
import type { AgentPickerAgent } from 'acp-react';

export interface LauncherAgent extends AgentPickerAgent {
  /** Installed by this bridge already (or needs no install). */
  installed: boolean;
}

type InstallLine = { type: 'output'; text: string } | { type: 'installed'; path: string } | { type: 'failed'; message: string };

export interface Launcher {
  url: string;
  agents(): Promise<LauncherAgent[]>;
  /** Installs the agent (progress: the installer's latest output line) and resolves with the URL to connect to. */
  launch(id: string, progress: (line: string) => void): Promise<string>;
}

export function createLauncher(url: string): Launcher {
  const base = new URL(url);
  const token = base.searchParams.get('token');
  const route = (path: string, scheme = base.protocol) => {
    const target = new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base);
    target.protocol = scheme;
    target.search = token ? `?token=${encodeURIComponent(token)}` : '';
    return target.href;
  };

  return {
    url,
    async agents() {
      const response = await fetch(route('/registry'));
      if (!response.ok) throw new Error(await failure(response));
      const body = (await response.json()) as { agents?: LauncherAgent[] };
      if (!Array.isArray(body.agents)) throw new Error(`${url} answered without an agents list: is it an acp-react-bridge --launcher?`);
      return body.agents;
    },
    async launch(id, progress) {
      const response = await fetch(route(`/agents/${encodeURIComponent(id)}/install`), { method: 'POST' });
      if (!response.ok || !response.body) throw new Error(await failure(response));
      let outcome: InstallLine | undefined;
      for await (const line of lines(response.body)) {
        const parsed = JSON.parse(line) as InstallLine;
        if (parsed.type === 'output') {
          const last = parsed.text
            .split(/\r?\n|\r/)
            .filter((part) => part.trim() !== '')
            .at(-1);
          if (last) progress(last.trim());
        } else outcome = parsed;
      }
      if (outcome?.type === 'failed') throw new Error(outcome.message);
      if (outcome?.type !== 'installed') throw new Error('the install ended without an outcome (did the bridge stop?)');
      return route(outcome.path, base.protocol === 'https:' ? 'wss:' : 'ws:');
    },
  };
}

/** The bridge's refusal, in its words (`{ error }` JSON or a text line). */
async function failure(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  try {
    const { error } = JSON.parse(text) as { error?: string };
    if (error) return error;
  } catch {
    // a plain text refusal (403, 401)
  }
  return `HTTP ${response.status}${text ? `: ${text}` : ''}`;
}

async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    yield* parts.filter(Boolean);
  }
  buffered += decoder.decode();
  if (buffered.trim()) yield buffered;
}
