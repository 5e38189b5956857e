import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServer } from '@agentclientprotocol/sdk';
import { toAcpError } from '../../core/errors.js';
import type { AcpErrorInfo, AcpSnapshot } from '../../core/index.js';
import { useAcpActions } from '../../react/use-acp.js';
import { useAcpSelector, useConnection } from '../../react/hooks.js';

export interface SessionBootstrapOptions {
  cwd: string;
  additionalDirectories?: string[];
  mcpServers?: McpServer[];
  /** Start a session as soon as the connection is ready. */
  auto: boolean;
}

interface OpenSessions {
  /** The sessions the panel keeps open (its tabs), in the order they were opened. */
  ids: readonly string[];
  /** The one shown. */
  active: string | null;
}

/**
 * The panel's open sessions and the one shown: the first started once connected (and again after
 * signing in when the agent required it), more added by New session or from the history, each
 * kept until its tab is closed.
 */
export function useSessionBootstrap({ cwd, additionalDirectories, mcpServers, auto }: SessionBootstrapOptions) {
  const actions = useAcpActions();
  const connection = useConnection();
  const [open, setOpen] = useState<OpenSessions>({ ids: [], active: null });
  const [error, setError] = useState<AcpErrorInfo | null>(null);
  const [starting, setStarting] = useState(false);
  const inFlight = useRef(false);

  /** Shows a session, adding its tab when it has none. */
  const show = useCallback((id: string) => setOpen((o) => ({ ids: o.ids.includes(id) ? o.ids : [...o.ids, id], active: id })), []);

  /** Removes a session's tab; the tab after it (or before, for the last) is shown if it was. */
  const detach = useCallback(
    (id: string) =>
      setOpen((o) => {
        const index = o.ids.indexOf(id);
        if (index < 0) return o;
        const ids = o.ids.filter((other) => other !== id);
        const active = o.active !== id ? o.active : (ids[Math.min(index, ids.length - 1)] ?? null);
        return { ids, active };
      }),
    [],
  );

  /**
   * Puts `previous` back as the shown session if `id` still is (a failed load), and drops `id`'s
   * tab unless it was open before.
   */
  const revert = useCallback(
    (id: string, previous: string | null, wasOpen: boolean) =>
      setOpen((o) => ({
        ids: wasOpen ? o.ids : o.ids.filter((other) => other !== id),
        active: o.active === id ? previous : o.active,
      })),
    [],
  );

  const start = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    setError(null);
    try {
      const session = await actions.newSession({ cwd, additionalDirectories, mcpServers });
      show(session.sessionId);
    } catch (e) {
      setError(toAcpError(e).toInfo());
    } finally {
      inFlight.current = false;
      setStarting(false);
    }
  }, [actions, cwd, additionalDirectories, mcpServers, show]);

  const ready = connection.status === 'ready';
  const authRequired = connection.auth.required;
  const sessionId = open.active;
  useEffect(() => {
    if (auto && ready && !sessionId && !authRequired && !inFlight.current && !error) void start();
  }, [auto, ready, sessionId, authRequired, error, start]);

  // A session the client attached to (acp-react-bridge --shared, the `attach` option) is shown
  // when none is, once: the page joined it rather than starting its own.
  const attachedId = useAcpSelector(useCallback((s: AcpSnapshot) => attachedSessionId(s), []));
  const adopted = useRef(new Set<string>());
  useEffect(() => {
    if (!attachedId || sessionId || adopted.current.has(attachedId)) return;
    adopted.current.add(attachedId);
    show(attachedId);
  }, [attachedId, sessionId, show]);

  // Signing in clears the failure so the session starts.
  const wasRequired = useRef(authRequired);
  useEffect(() => {
    if (wasRequired.current && !authRequired) setError(null);
    wasRequired.current = authRequired;
  }, [authRequired]);

  return { sessionId, openIds: open.ids, show, detach, revert, start, starting, error, clearError: () => setError(null) };
}

/** The first session in the snapshot with a role: one the client attached to on a shared bridge. */
function attachedSessionId(snapshot: AcpSnapshot): string | null {
  for (const session of Object.values(snapshot.sessions)) if (session.role !== undefined && session.status !== 'closed') return session.sessionId;
  return null;
}
