import { forwardRef } from 'react';
import type { AcpErrorInfo, AgentProcessState, AgentState, ConnectionState as Status, ReconnectState } from '../../core/types.js';
import { cx, format, useMessages } from '../shared/index.js';
import { AgentProcessReport } from './AgentProcessReport.js';
import { connectionStatusMessages, type ConnectionStatusMessages } from './messages.js';
import { useSecondsUntil } from './use-seconds-until.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface ConnectionStatusOwnProps {
  status: Status;
  agent: AgentState | null;
  /** The last failure: shown until connected, so it stays on screen while the next attempt runs. */
  error: AcpErrorInfo | null;
  reconnect: ReconnectState;
  /** What acp-react-bridge said of the agent process (`snapshot.agentProcess`): shown under the error until connected. */
  agentProcess?: AgentProcessState | null;
  /** Reconnect now (skips the backoff wait). Offered while reconnecting, closed or failed. */
  onRetry: () => void;
  /** Shown while connecting, connected or reconnecting, when given. */
  onDisconnect?: () => void;
  className?: string;
}

/** The connection status's own props and the rest of its root `<div>`'s. */
export type ConnectionStatusProps = RootProps<ConnectionStatusOwnProps>;

const LABEL: Record<Status, keyof ConnectionStatusMessages> = {
  idle: 'status_idle',
  connecting: 'status_connecting',
  ready: 'status_ready',
  reconnecting: 'status_reconnecting',
  closed: 'status_closed',
  error: 'status_error',
};

const RETRYABLE: ReadonlySet<Status> = new Set(['reconnecting', 'closed', 'error']);
const DISCONNECTABLE: ReadonlySet<Status> = new Set(['connecting', 'ready', 'reconnecting']);

/**
 * Connection state, the agent's name and version, the reconnect countdown and a Retry button.
 * Until connected, the last failure stays under it, with what the bridge said of the agent
 * process and, when reconnecting stopped after the same failure twice, a line saying so.
 * Only the status label is a live region, so a change of state is announced once while the
 * per-second countdown beside it stays silent.
 */
export const ConnectionStatus = /* @__PURE__ */ forwardRef<HTMLDivElement, ConnectionStatusProps>(function ConnectionStatus(
  { status, agent, error, reconnect, agentProcess, onRetry, onDisconnect, className, ...rest },
  ref,
) {
  const messages = useMessages('connectionStatus', connectionStatusMessages);
  const reconnecting = status === 'reconnecting';
  const seconds = useSecondsUntil(reconnecting ? reconnect.nextAttemptAt : null);
  const info = agent?.info ?? null;
  const label = messages[LABEL[status]] ?? status;
  const countdown = reconnecting
    ? seconds !== null && seconds > 0
      ? format(messages.reconnect_countdown, { seconds, attempt: reconnect.attempt })
      : format(messages.reconnect_attempt, { attempt: reconnect.attempt })
    : null;
  const failing = status !== 'ready';

  return (
    <div data-slot="connection-status" data-status={status} {...rest} ref={ref} className={cx('acp-connection-status', className)}>
      <span className="acp-connection-status__dot" data-slot="connection-status-dot" aria-hidden="true" />
      <span className="acp-connection-status__text">
        <span role="status" className="acp-connection-status__label" data-slot="connection-status-label">
          {label}
        </span>
        {countdown && (
          <span className="acp-connection-status__countdown" data-slot="connection-status-countdown">
            {' '}
            {countdown}
          </span>
        )}
      </span>
      {info && (
        <span className="acp-connection-status__agent" data-slot="connection-status-agent" title={info.name}>
          {info.title || info.name}{' '}
          <span className="acp-connection-status__version">
            <span className="acp-visually-hidden">{messages.agent_version} </span>
            {info.version}
          </span>
        </span>
      )}
      {failing && error && (
        <span className="acp-connection-status__error" data-slot="connection-status-error">
          {error.message}
        </span>
      )}
      {status === 'error' && reconnect.repeatedFailure && (
        <span className="acp-connection-status__stopped" data-slot="connection-status-stopped">
          {messages.repeated_failure}
        </span>
      )}
      {failing && agentProcess && <AgentProcessReport report={agentProcess} messages={messages} />}
      <span className="acp-connection-status__actions">
        {RETRYABLE.has(status) && (
          <button type="button" className="acp-button" data-variant={reconnecting ? undefined : 'primary'} onClick={onRetry}>
            {reconnecting ? messages.retry_now : messages.retry}
          </button>
        )}
        {onDisconnect && DISCONNECTABLE.has(status) && (
          <button type="button" className="acp-button" data-variant="ghost" onClick={onDisconnect}>
            {messages.disconnect}
          </button>
        )}
      </span>
    </div>
  );
});
ConnectionStatus.displayName = 'ConnectionStatus';
