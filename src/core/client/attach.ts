/**
 * Shared sessions on acp-react-bridge `--shared` (bridge/README.md, "Shared sessions"): several
 * pages on one agent, each attached to the sessions it shows. Fetched when the bridge says it is
 * shared, or when the host attaches, so a page without one never loads it.
 *
 * - `attach` joins a session the agent runs (`_acp-react/bridge/session/attach`): the session is
 *   put in place first (status `loading`), the bridge replays its log as the messages they were,
 *   then answers with its setup and who is attached.
 * - Every message the bridge logged carries its sequence number (`_meta["acp-react/seq"]`); the
 *   last one seen per session is kept here (read off the client's tap, in order), and a reconnect
 *   attaches again from it (`reattach`): only what was missed, never a duplicate.
 * - The bridge's notifications about a session are applied in the order they came, with the
 *   updates around them (from the tap, not the SDK's later dispatch): `turn_started` shows another
 *   page's prompt in the thread, `presence` becomes `session.attached` (and this page's `role`),
 *   `request_resolved` settles a permission or a form another page answered (`answeredBy`), `reload` marks
 *   a session this page fell behind on as lost, `refused` is a diagnostic.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type { AcpSnapshot, AttachedPage, DiagnosticKind, SessionState, SharedRole } from '../types.js';
import type { PendingRequests } from './agent-requests.js';
import type { Request } from './request.js';
import type { InboundTap } from './transport.js';

const SEQ = 'acp-react/seq';
const BRIDGE = '_acp-react/bridge/';
const ATTACH = `${BRIDGE}session/attach`;
/** "Already answered": the expected answer to this page's late answer, not worth a diagnostic. */
const ALREADY_ANSWERED = -32051;

// Local on purpose, as in bridge-notices.ts: this module's guards stay in its own chunk.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

interface AttachResult {
  sessionId: string;
  role: SharedRole;
  pageId: string;
  seq: number;
  cwd: string | null;
  session: unknown;
  attached: unknown[];
}

/** What this module needs of the client (the on-demand actions' host, `session-actions.ts`, gives it). */
export interface AttachHost {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  request: Request;
  /** The client's tap: every inbound message passes its `message`, in order. */
  tap: Pick<InboundTap, 'message'>;
  withSession(snapshot: AcpSnapshot, sessionId: string, fn: (session: SessionState) => SessionState): AcpSnapshot;
  putSession(snapshot: AcpSnapshot, session: SessionState): AcpSnapshot;
  removeSession(snapshot: AcpSnapshot, sessionId: string): AcpSnapshot;
  createSessionState(sessionId: string): SessionState;
  withSetup(session: SessionState, response: unknown): SessionState;
  applyUpdate(session: SessionState, update: unknown, now: number): SessionState;
  now(): number;
  diagnose(kind: DiagnosticKind, message: string, raw?: unknown): void;
  answerPermission: PendingRequests['answerPermission'];
  answerElicitation: PendingRequests['answerElicitation'];
  endedSessions: Set<string>;
  error(code: 'invalidParams', message: string): Error;
  normalize(error: unknown): { code: number | string; message: string };
  /** `AcpClientOptions.attach`: the session to join now (this module is made when the first connection is ready). */
  join?: { sessionId: string; role?: SharedRole };
}

export interface Attach {
  attach(sessionId: string, options?: { role?: SharedRole; afterSeq?: number; signal?: AbortSignal }): Promise<SessionState>;
  /**
   * After a reconnect: attaches again from the last entry seen. False when the bridge no longer
   * holds what was missed (the session must be loaded again); other failures reject.
   */
  reattach(sessionId: string): Promise<boolean>;
}

/** The bridge no longer holds what came after the entry asked from. */
const LOG_BEHIND = -32052;

export function createAttach(host: AttachHost): Attach {
  const { get, update } = host;
  /** The last sequence number seen, per session. */
  const seqs = new Map<string, number>();
  /**
   * The forms the agent asked for on a shared session, by JSON-RPC id: the client's state knows
   * them by a local id, so one answered elsewhere is found by its session, message and tool call.
   */
  const forms = new Map<unknown, { sessionId: string; message: unknown; toolCallId: unknown }>();
  /** This client's page ids, one per connection: its own prompts are in its thread already. */
  const ownPages = new Set<string>();
  const current = get().agent?.bridge?.features.shared?.pageId;
  if (current) ownPages.add(current);

  const presence = (list: unknown[]): AttachedPage[] =>
    list.flatMap((entry) => {
      if (!isRecord(entry) || !isString(entry.pageId)) return [];
      return [
        {
          pageId: entry.pageId,
          name: isString(entry.name) ? entry.name : '',
          version: isString(entry.version) ? entry.version : null,
          role: entry.role === 'observer' ? 'observer' : 'controller',
          since: isString(entry.since) ? entry.since : '',
          self: ownPages.has(entry.pageId),
        },
      ];
    });
  const withAttached = (session: SessionState, list: unknown[]): SessionState => {
    const attached = presence(list);
    return { ...session, attached, role: attached.find((page) => page.self)?.role ?? session.role };
  };
  const inSession = (sessionId: string, fn: (session: SessionState) => SessionState) => {
    if (get().sessions[sessionId]) update((s) => host.withSession(s, sessionId, fn));
  };

  /** A bridge notification about a session, in wire order. */
  function apply(method: string, params: Record<string, unknown>) {
    const sessionId = isString(params.sessionId) ? params.sessionId : '';
    const by = isRecord(params.by) ? params.by : null;
    const byOther = by !== null && !ownPages.has(String(by.pageId));
    switch (method.slice(BRIDGE.length)) {
      case 'features': {
        const shared = isRecord(params.features) && isRecord(params.features.shared) ? params.features.shared : null;
        if (shared && isString(shared.pageId)) ownPages.add(shared.pageId);
        return;
      }
      case 'session/presence':
        if (Array.isArray(params.attached)) inSession(sessionId, (session) => withAttached(session, params.attached as unknown[]));
        return;
      case 'session/turn_started':
        // Another page's prompt: shown as the user's message it is, where it came in the conversation.
        if (!byOther || !Array.isArray(params.prompt)) return;
        inSession(sessionId, (session) =>
          (params.prompt as acp.ContentBlock[]).reduce(
            (acc, content) => host.applyUpdate(acc, { sessionUpdate: 'user_message_chunk', content }, host.now()),
            session,
          ),
        );
        return;
      case 'session/request_resolved': {
        if (by !== null && !byOther) return;
        const answeredBy = by ? String(by.name) : null;
        if (params.method === 'elicitation/create') return settleForm(params, answeredBy);
        if (!isString(params.toolCallId)) return;
        const request = get().permissionRequests.find(
          (r) => r.sessionId === sessionId && r.status === 'pending' && r.toolCall.toolCallId === params.toolCallId,
        );
        if (!request) return;
        const outcome = isRecord(params.result) && isRecord(params.result.outcome) ? params.result.outcome : null;
        const optionId = outcome && isString(outcome.optionId) ? outcome.optionId : null;
        // Who answered goes on first, so the request is never seen settled without it; then it is
        // settled here without asking anyone (the bridge refuses the answer this page's SDK then sends).
        update((s) => ({ ...s, permissionRequests: s.permissionRequests.map((r) => (r.requestId === request.requestId ? { ...r, answeredBy } : r)) }));
        host.answerPermission(request.requestId, { optionId, status: optionId === null ? 'cancelled' : 'answered' });
        return;
      }
      case 'session/reload':
        seqs.delete(sessionId);
        inSession(sessionId, (session) => ({
          ...session,
          status: 'lost',
          statusReason: isString(params.reason) ? params.reason : 'This page fell behind the shared session: load it again.',
        }));
        return;
      case 'refused': {
        const error = isRecord(params.error) ? params.error : {};
        if (error.code === ALREADY_ANSWERED) return;
        host.diagnose(
          'protocol_error',
          `acp-react-bridge refused ${isString(params.method) ? params.method : 'an answer'}: ${String(error.message ?? '')}`,
          params,
        );
      }
    }
  }

  /** A form another page answered: settled with its action only (the values stay with the agent). */
  function settleForm(params: Record<string, unknown>, answeredBy: string | null) {
    const asked = forms.get(params.requestId);
    forms.delete(params.requestId);
    if (!asked) return;
    const form = get().elicitations.find(
      (e) => e.sessionId === asked.sessionId && e.status === 'pending' && e.message === asked.message && e.toolCallId === (asked.toolCallId ?? null),
    );
    if (!form) return;
    const action = isRecord(params.result) ? params.result.action : undefined;
    const status = action === 'accept' ? 'accepted' : action === 'decline' ? 'declined' : 'cancelled';
    update((s) => ({ ...s, elicitations: s.elicitations.map((e) => (e.requestId === form.requestId ? { ...e, answeredBy } : e)) }));
    host.answerElicitation(form.requestId, { action: action === 'accept' || action === 'decline' ? action : 'cancel' }, status);
  }

  // Every inbound message passes here, in order, after the tap has handled it.
  const inbound = host.tap.message;
  host.tap.message = (msg) => {
    const consumed = inbound(msg);
    const params = (msg as { params?: unknown }).params;
    if (isRecord(params)) {
      const meta = isRecord(params._meta) ? params._meta : {};
      // A sub-agent's message is numbered in its top-level session's log, which `acp-react/log` names.
      const log = isString(meta['acp-react/log']) ? meta['acp-react/log'] : params.sessionId;
      const seq = meta[SEQ];
      if (typeof seq === 'number' && isString(log) && seq > (seqs.get(log) ?? 0)) seqs.set(log, seq);
      const method = (msg as { method?: unknown }).method;
      if (isString(method) && method.startsWith(BRIDGE)) apply(method, params);
      if (method === 'elicitation/create' && isString(params.sessionId)) {
        forms.set((msg as { id?: unknown }).id, { sessionId: params.sessionId, message: params.message, toolCallId: params.toolCallId });
        // Bounded: a form nobody resolves (its session closed) is forgotten after a while.
        if (forms.size > 64) forms.delete(forms.keys().next().value);
      }
    }
    return consumed;
  };

  async function attach(sessionId: string, options: { role?: SharedRole; afterSeq?: number; signal?: AbortSignal } = {}): Promise<SessionState> {
    const previous = get().sessions[sessionId];
    const resuming = options.afterSeq !== undefined && previous !== undefined;
    host.endedSessions.delete(sessionId);
    update((s) =>
      resuming
        ? host.withSession(s, sessionId, (session) => ({ ...session, status: 'restoring', statusReason: null }))
        : // The replay rebuilds the thread from the start, before the answer.
          host.putSession(s, { ...host.createSessionState(sessionId), status: 'loading' }),
    );
    if (!resuming) seqs.delete(sessionId);
    try {
      const result = await host.request<AttachResult>(
        ATTACH,
        { sessionId, ...(options.role ? { role: options.role } : {}), ...(resuming ? { afterSeq: options.afterSeq } : {}) },
        { signal: options.signal },
      );
      ownPages.add(result.pageId);
      seqs.set(sessionId, Math.max(seqs.get(sessionId) ?? 0, result.seq));
      update((s) =>
        host.withSession(s, sessionId, (session) => ({
          ...withAttached(host.withSetup(session, result.session), Array.isArray(result.attached) ? result.attached : []),
          cwd: isString(result.cwd) ? result.cwd : session.cwd,
          role: result.role,
          status: 'active',
          statusReason: null,
        })),
      );
      const session = get().sessions[sessionId];
      if (!session) throw host.error('invalidParams', `Session ${sessionId} ended while it was being attached.`);
      return session;
    } catch (error) {
      if (!resuming) update((s) => host.removeSession(s, sessionId));
      throw error;
    }
  }

  const { join } = host;
  if (join) {
    attach(join.sessionId, { role: join.role }).catch((error: unknown) =>
      host.diagnose('unknown_session', `Could not attach to session ${join.sessionId}: ${host.normalize(error).message}`, error),
    );
  }

  return {
    attach,
    async reattach(sessionId) {
      const role = get().sessions[sessionId]?.role;
      try {
        // The log is followed from the first message of the session this client saw (none seen: from 0).
        await attach(sessionId, { role, afterSeq: seqs.get(sessionId) ?? 0 });
        return true;
      } catch (error) {
        if (host.normalize(error).code === LOG_BEHIND) return false;
        throw error;
      }
    },
  };
}
