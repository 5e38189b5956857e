import type { AgentProcessState } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ConnectionStatusMessages } from './messages.js';

/** How the agent process ended, or that it never answered, in the user's words. */
function exitLine({ exit }: AgentProcessState, messages: ConnectionStatusMessages): string {
  if (!exit) return messages.agent_silent;
  if (exit.code !== null) return format(messages.agent_exited, { code: exit.code });
  if (exit.signal !== null) return format(messages.agent_killed, { signal: exit.signal });
  return format(messages.agent_not_started, { description: exit.description });
}

/**
 * What acp-react-bridge said of an agent that is silent: how its process ended (or that it runs
 * without answering), and the last lines it wrote to stderr, in a named group the keyboard can
 * scroll. The group lays its text out from the bottom (CSS), so the latest lines show first.
 */
export function AgentProcessReport({ report, messages }: { report: AgentProcessState; messages: ConnectionStatusMessages }) {
  return (
    <div className="acp-connection-status__agent-process" data-slot="connection-status-agent-process">
      <span>{exitLine(report, messages)}</span>
      {report.stderr.length > 0 && (
        <div className="acp-connection-status__stderr acp-focusable" role="group" aria-label={messages.agent_stderr} tabIndex={0}>
          <pre>{report.stderr.join('\n')}</pre>
        </div>
      )}
    </div>
  );
}
