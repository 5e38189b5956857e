/**
 * What `session/new`, `session/load` and `session/resume` refuse before anything is sent: a
 * relative `cwd` or additional directory (ACP paths are absolute), and MCP servers over a
 * transport the agent did not advertise (v1's `mcpCapabilities`; on ACP v2, stdio only when
 * advertised and SSE never). Refused rather than filtered: a session silently started without a
 * server the host asked for would leave its user wondering where the tools went. Part of the
 * on-demand actions (`session-actions.ts`).
 */
import type { NewSessionOptions } from '../api.js';
import type { AgentState } from '../types.js';
import type { ClientHelpers } from './on-demand.js';

/** POSIX (`/`), Windows drive (`C:\`, `C:/`) and UNC (`\\server`) absolute paths. */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

export function checkSessionOptions(
  { cwd, additionalDirectories = [], mcpServers = [] }: NewSessionOptions,
  agent: AgentState | null | undefined,
  error: ClientHelpers['error'],
): void {
  if (!ABSOLUTE.test(cwd)) throw error('invalidParams', `cwd must be an absolute path; got "${cwd}".`);
  for (const directory of additionalDirectories) {
    if (!ABSOLUTE.test(directory)) throw error('invalidParams', `additionalDirectories must be absolute paths; got "${directory}".`);
  }
  const mcp = agent?.capabilities.mcpCapabilities ?? {};
  for (const server of mcpServers) {
    const type = (server as { type?: unknown }).type;
    if (type === 'sse' && agent?.protocolVersion === 2) {
      throw error('unsupported', `ACP v2 has no SSE MCP servers; "${server.name}" was not sent. Use an HTTP or stdio server.`);
    }
    // v1 agents take stdio servers always; v2 agents only when they advertise them.
    if ((type === undefined || type === 'stdio') && agent?.surface?.mcpStdio === false) {
      throw error('unsupported', `The agent does not support stdio MCP servers (session.mcp.stdio); "${server.name}" was not sent.`);
    }
    if ((type === 'http' || type === 'sse') && !mcp[type]) {
      throw error(
        'unsupported',
        `The agent does not support ${type.toUpperCase()} MCP servers (mcpCapabilities.${type}); "${server.name}" was not sent. Use a stdio server or leave it out.`,
      );
    }
  }
}
