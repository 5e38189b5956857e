import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServer } from '@agentclientprotocol/sdk';
import { toAcpError, type AcpErrorInfo } from '../../core/index.js';
import { useAcpActions } from '../../react/use-acp.js';
import { useConnection } from '../../react/hooks.js';

export interface SessionBootstrapOptions {
  cwd: string;
  additionalDirectories?: string[];
  mcpServers?: McpServer[];
  /** Start a session as soon as the connection is ready. */
  auto: boolean;
}

/**
 * The panel's current session: started once connected (and again after signing in when the
 * agent required it), switchable to a listed or new session.
 */
export function useSessionBootstrap({ cwd, additionalDirectories, mcpServers, auto }: SessionBootstrapOptions) {
  const actions = useAcpActions();
  const connection = useConnection();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [error, setError] = useState<AcpErrorInfo | null>(null);
  const [starting, setStarting] = useState(false);
  const inFlight = useRef(false);

  const start = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    setError(null);
    try {
      const session = await actions.newSession({ cwd, additionalDirectories, mcpServers });
      setSessionId(session.sessionId);
    } catch (e) {
      setError(toAcpError(e).toInfo());
    } finally {
      inFlight.current = false;
      setStarting(false);
    }
  }, [actions, cwd, additionalDirectories, mcpServers]);

  const ready = connection.status === 'ready';
  const authRequired = connection.auth.required;
  useEffect(() => {
    if (auto && ready && !sessionId && !authRequired && !inFlight.current && !error) void start();
  }, [auto, ready, sessionId, authRequired, error, start]);

  // Signing in clears the failure so the session starts.
  const wasRequired = useRef(authRequired);
  useEffect(() => {
    if (wasRequired.current && !authRequired) setError(null);
    wasRequired.current = authRequired;
  }, [authRequired]);

  return { sessionId, setSessionId, start, starting, error, clearError: () => setError(null) };
}
