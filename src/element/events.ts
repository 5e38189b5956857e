/**
 * The element's events: what the host hears from the panel, as DOM `CustomEvent`s on the element
 * (they bubble and are composed, so a listener on any ancestor hears them). They are derived from
 * the client's snapshot, compared with the one before on each store notification (at most one per
 * animation frame), so a burst of changes within a frame is reported once, in its final state.
 */
import type { AcpClient, AcpErrorInfo, AcpSnapshot, ConnectionState, PermissionOption, StopReason } from '../core/index.js';

export interface AgentPanelEventDetails {
  /** The connection's state changed (`connecting`, `ready`, `reconnecting`, `closed`, `error`...). */
  'acp-connection-change': { status: ConnectionState; error: AcpErrorInfo | null };
  /** A session opened on the connection: started by the panel, or loaded or resumed from the history. */
  'acp-session-created': { sessionId: string; cwd: string };
  /** A turn ended: `stopReason` (`end_turn`, `cancelled`...) or, when it failed, `error`. */
  'acp-turn-end': { sessionId: string; stopReason: StopReason | null; error: AcpErrorInfo | null };
  /** The agent asks the user's permission (the panel shows the prompt; the host may draw attention to it). */
  'acp-permission-request': { sessionId: string; requestId: string; title: string | null; options: PermissionOption[] };
  /** Something failed: the connection (`connection`), a turn (`turn`), or the element's own attributes (`attribute`). */
  'acp-error': { source: 'connection' | 'turn' | 'attribute'; message: string; code: number | string | null };
}

export type AgentPanelEventName = keyof AgentPanelEventDetails;

/** For `addEventListener` typing: `el.addEventListener('acp-turn-end', (e) => e.detail.stopReason)`. */
export type AgentPanelEventMap = { [K in AgentPanelEventName]: CustomEvent<AgentPanelEventDetails[K]> };

export function emit<K extends AgentPanelEventName>(target: EventTarget, name: K, detail: AgentPanelEventDetails[K]): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Reports the client's changes as events on `target` until the returned function is called. */
export function bridgeEvents(client: AcpClient, target: EventTarget): () => void {
  let before: AcpSnapshot | null = null;
  const check = () => {
    const now = client.getSnapshot();
    const was = before;
    before = now;
    if (was === now) return;
    if (!was || was.status !== now.status) {
      emit(target, 'acp-connection-change', { status: now.status, error: now.error });
      if (now.status === 'error' && now.error) emit(target, 'acp-error', { source: 'connection', message: now.error.message, code: now.error.code });
    }
    if (was && was.sessions !== now.sessions) {
      for (const [id, session] of Object.entries(now.sessions)) {
        const old = was.sessions[id];
        if (!old) {
          emit(target, 'acp-session-created', { sessionId: id, cwd: session.cwd });
          continue;
        }
        if (old.turn.state !== 'idle' && session.turn.state === 'idle') {
          emit(target, 'acp-turn-end', { sessionId: id, stopReason: session.turn.stopReason, error: session.turn.error });
          if (session.turn.error) emit(target, 'acp-error', { source: 'turn', message: session.turn.error.message, code: session.turn.error.code });
        }
      }
    } else if (!was) {
      for (const [id, session] of Object.entries(now.sessions)) emit(target, 'acp-session-created', { sessionId: id, cwd: session.cwd });
    }
    if (was?.permissionRequests !== now.permissionRequests) {
      const known = new Set((was?.permissionRequests ?? []).map((r) => r.requestId));
      for (const r of now.permissionRequests) {
        if (r.status !== 'pending' || known.has(r.requestId)) continue;
        emit(target, 'acp-permission-request', { sessionId: r.sessionId, requestId: r.requestId, title: r.toolCall.title ?? null, options: r.options });
      }
    }
  };
  const unsubscribe = client.subscribe(check);
  check();
  return unsubscribe;
}
