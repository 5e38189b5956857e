import { forwardRef, useCallback, useId, useMemo, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { ContentBlock, McpServer } from '@agentclientprotocol/sdk';
import { draftFromBlocks } from '../../core/mentions/blocks.js';
import type { MentionRef, MentionSource } from '../../core/mentions/types.js';
import type { ChangeTracker } from '../../core/changes/index.js';
import { isAuthRequired, toAcpError } from '../../core/errors.js';
import { useAcpContext } from '../../react/context.js';
import { useConnection } from '../../react/hooks.js';
import { useAcpActions } from '../../react/use-acp.js';
import { moveDraft, useDraft } from '../../react/use-draft.js';
import { AuthPanel } from '../../components/AuthPanel/index.js';
import { ConnectionStatus } from '../../components/ConnectionStatus/index.js';
import type { OpenHow } from '../../components/SessionList/index.js';
import { SessionTabs, sessionTabId, sessionTabsMessages } from '../../components/SessionTabs/index.js';
import { prefetchThread } from '../../components/Thread/Thread.js';
import { cx, format, useMessages } from '../../components/shared/index.js';
import { composeHandlers } from '../../components/shared/root-props.js';
import { agentPanelMessages } from './messages.js';
import { PanelChanges } from './PanelChangesOnDemand.js';
import { usePanelReview } from './review-state.js';
import { PanelConfig, PanelInput, PanelSessionTitle, PanelThread, PanelUsage } from './parts.js';
import { SessionHistory } from './SessionHistory.js';
import { TerminalSignInDialog, useTerminalSignIn } from './terminal-sign-in.js';
import { useSessionBootstrap } from './use-session-bootstrap.js';
import { useSessionTabs } from './use-session-tabs.js';
import { useThreadScrollMemory } from './use-thread-scroll-memory.js';

/** A part the host adds to (a node, shown after the panel's own) or replaces (a function of the panel's own). */
export type PanelSlot = ReactNode | ((defaults: ReactNode) => ReactNode);

export interface AgentPanelProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children'> {
  /** Absolute working directory for new sessions. */
  cwd: string;
  additionalDirectories?: string[];
  mcpServers?: McpServer[];
  /** Start a session once connected. Default true. */
  autoStartSession?: boolean;
  /**
   * The change review (`createChangeTracker` from `acp-react/changes`, whose `fs` the client was
   * given): each turn that changed files ends with its summary, whose button opens that turn's
   * review (accept, reject, restore; widened to the session on demand) under the thread; what
   * the user rejected is told to the agent with the next prompt, in a note the user sees first.
   */
  changes?: ChangeTracker;
  /** Called when the user clicks a tool call location ("follow the agent"). */
  onOpenLocation?: (path: string, line?: number) => void;
  /** Show the session history (when the agent supports `session/list`). Default true. */
  showSessionList?: boolean;
  /** A smaller layout for narrow places such as notebook cells. */
  compact?: boolean;
  allowRemoteImages?: boolean;
  /** How the host starts the agent, for terminal sign-in instructions. */
  agentCommand?: string;
  /**
   * The header's tools (usage, Sessions, New session). A node is added after them; a function
   * gets them and returns what to show instead (reorder, wrap, drop, or replace them).
   */
  headerTools?: PanelSlot;
  /** Shown in a session's thread before its first message (default: a short invitation). */
  emptyState?: ReactNode;
  /**
   * The panel's footer, the prompt input. A node is added below it; a function gets it and
   * returns what to show instead (e.g. the input with the host's own buttons beside it).
   */
  footer?: PanelSlot;
  /** The host's mentionable things (files, symbols, cells): `@` in the prompt lists them. */
  mentionSource?: MentionSource;
  /** Largest mention content embedded in a prompt; bigger ones go as a link. Default 100 kB. */
  maxMentionBytes?: number;
  /** A mention chip in the thread was clicked: show the thing (open the file, focus the cell). */
  onMentionOpen?: (mention: MentionRef) => void;
}

const fill = (slot: PanelSlot | undefined, defaults: ReactNode): ReactNode =>
  typeof slot === 'function' ? (
    slot(defaults)
  ) : slot === undefined || slot === null ? (
    defaults
  ) : (
    <>
      {defaults}
      {slot}
    </>
  );

/**
 * A complete agent panel wired to the surrounding `<AcpProvider>`: connection status, sign-in,
 * sessions, the thread with inline permission prompts and forms, usage, modes and config, and
 * the prompt input with slash commands and a queue. Built from the library's public components
 * and narrow selector hooks, the way a host builds its own (see the README); `headerTools`,
 * `emptyState` and `footer` add to or replace its parts without forking it. The root is a
 * `<section>` that takes the element's props and a ref.
 *
 * What it loads: the header and the prompt input come with the page; the conversation is fetched
 * once the user turns to the panel (focus anywhere in it) or a thread has something to show, the
 * session history when it is first opened, the other parts when they are first shown (see
 * "Loading on demand" in the README).
 */
export const AgentPanel = /* @__PURE__ */ forwardRef<HTMLElement, AgentPanelProps>(function AgentPanel(
  {
    cwd,
    additionalDirectories,
    mcpServers,
    autoStartSession = true,
    changes,
    onOpenLocation,
    showSessionList = true,
    compact = false,
    allowRemoteImages,
    agentCommand,
    headerTools,
    emptyState,
    footer,
    mentionSource,
    maxMentionBytes,
    onMentionOpen,
    className,
    onFocus,
    ...rest
  },
  ref,
) {
  const messages = useMessages('agentPanel', agentPanelMessages);
  const actions = useAcpActions();
  const connection = useConnection();
  const bootstrap = useSessionBootstrap({ cwd, additionalDirectories, mcpServers, auto: autoStartSession });
  const { sessionId, openIds, show, detach, revert } = bootstrap;
  const tabMessages = useMessages('sessionTabs', sessionTabsMessages);
  const announcer = useMemo(
    () => ({ turnFinished: messages.turn_finished_background, waiting: messages.waiting_background, untitled: tabMessages.untitled }),
    [messages, tabMessages],
  );
  const sessionTabs = useSessionTabs(openIds, sessionId, announcer);
  const scrollMemory = useThreadScrollMemory(openIds);
  const idPrefix = useId();
  const sessionPanelId = `${idPrefix}-session`;
  const draft = useDraft(sessionId ?? 'pending');
  const { drafts } = useAcpContext();
  const [sendError, setSendError] = useState<string | null>(null);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const review = usePanelReview(changes, actions.client);
  const terminalSignIn = useTerminalSignIn(actions);
  const caps = connection.agent?.capabilities;
  const listSupported = Boolean(caps?.sessionCapabilities?.list);
  const connected = connection.status === 'ready';

  const submit = useCallback(
    (blocks: ContentBlock[]) => {
      if (!sessionId) return;
      setSendError(null);
      prefetchThread();
      // The draft as written, its mentions included.
      const text = draftFromBlocks(blocks);
      // What the user rejected since the last prompt, in the note they saw above the input.
      const note = changes?.takeRejectionNote(sessionId);
      actions.prompt(sessionId, note ? [...blocks, { type: 'text', text: `\n\n${note}` }] : blocks).catch((reason: unknown) => {
        const error = toAcpError(reason);
        // Once the turn started the message was sent: the thread shows how the turn ended
        // (failed, interrupted). A prompt refused before it (not connected, busy, unsupported
        // content) gives the typed text back, so nothing the user wrote is lost.
        if (error.turnStarted) return;
        if (note) changes?.returnRejectionNote(sessionId);
        // The store, not this render's `draft.text`: that still holds the text being sent.
        if (drafts.get(sessionId).text === '') drafts.set(sessionId, { ...drafts.get(sessionId), text });
        setSendError(error.message.replace(/[.!?]+\s*$/, ''));
      });
    },
    [actions, sessionId, drafts, changes],
  );

  /** Shows an open session (its tab); a failed prompt's note belongs to the session it was for. */
  const activate = useCallback(
    (id: string) => {
      if (id !== sessionId) setSendError(null);
      show(id);
    },
    [sessionId, show],
  );

  const open = useCallback(
    async (id: string, how: OpenHow) => {
      // Switch at once, in a tab of its own: a load replays the history before it answers, and
      // the thread shows it as it arrives (the session is `loading` until then).
      const wasOpen = openIds.includes(id);
      activate(id);
      setSessionsOpen(false);
      // Read when asked, not subscribed: the panel has no use for the other sessions' state.
      if (actions.client.getSnapshot().sessions[id]) return;
      try {
        if (how === 'load') await actions.loadSession(id, { cwd, additionalDirectories, mcpServers });
        else await actions.resumeSession(id, { cwd, additionalDirectories, mcpServers });
      } catch (error) {
        // Back to the session shown before, unless the user has moved on meanwhile. What the user
        // wrote while it loaded (the draft, the queued prompts) goes with them: it is not lost with
        // the session that failed to open.
        revert(id, sessionId, wasOpen);
        moveDraft(drafts, id, sessionId ?? 'pending');
        setSendError(toAcpError(error).message);
      }
    },
    [actions, cwd, additionalDirectories, mcpServers, sessionId, openIds, activate, revert, drafts],
  );

  /**
   * Closing a tab ends the session on the agent's side when it can (`session/close`: the agent
   * stops its work and frees it; the history can open it again). Without that capability the tab
   * is detached: a running turn is cancelled, and the session stays open on the connection.
   */
  const closeTab = useCallback(
    (id: string) => {
      const session = actions.client.getSnapshot().sessions[id];
      if (!session || !caps?.sessionCapabilities?.close) {
        if (session && session.turn.state === 'running') void actions.cancel(id).catch(() => {});
        detach(id);
        return;
      }
      actions.closeSession(id).then(
        () => detach(id),
        (error: unknown) => setSendError(toAcpError(error).message),
      );
    },
    [actions, caps, detach],
  );

  const tabbed = openIds.length > 1 && sessionId !== null;
  const bootstrapAuthError = bootstrap.error !== null && isAuthRequired(bootstrap.error);
  const showAuth = connection.auth.required || (connection.agent !== null && bootstrapAuthError);

  const tools = (
    <>
      {sessionId && <PanelUsage sessionId={sessionId} />}
      {showSessionList && listSupported && (
        <button type="button" className="acp-button" aria-expanded={sessionsOpen} onClick={() => setSessionsOpen(!sessionsOpen)}>
          {sessionsOpen ? messages.hide_sessions : messages.sessions}
        </button>
      )}
      {connected && (
        <button type="button" className="acp-button" onClick={() => void bootstrap.start()} disabled={bootstrap.starting}>
          {messages.new_session}
        </button>
      )}
    </>
  );

  const input = (
    <PanelInput
      sessionId={sessionId}
      connected={connected}
      draft={draft}
      onSubmit={submit}
      placeholder={messages.placeholder}
      watching={messages.watching}
      mentionSource={mentionSource}
      maxMentionBytes={maxMentionBytes}
    />
  );

  return (
    <section
      ref={ref}
      aria-label={messages.title}
      {...rest}
      className={cx('acp-agent-panel', className)}
      data-slot="agent-panel"
      data-compact={compact || undefined}
      // The user turned to the panel: fetch the conversation while they write the first prompt.
      onFocus={composeHandlers(onFocus, prefetchThread)}
    >
      <header className="acp-agent-panel__header" data-slot="agent-panel-header">
        <div className="acp-agent-panel__heading" data-slot="agent-panel-heading">
          {sessionId && <PanelSessionTitle sessionId={sessionId} untitled={messages.untitled} />}
          <ConnectionStatus
            status={connection.status}
            agent={connection.agent}
            error={connection.error}
            reconnect={connection.reconnect}
            agentProcess={connection.agentProcess}
            onRetry={actions.retryNow}
          />
        </div>
        <div className="acp-agent-panel__tools" data-slot="agent-panel-tools">
          {fill(headerTools, tools)}
        </div>
      </header>

      {showAuth && connection.agent && (
        <AuthPanel
          authMethods={connection.agent.authMethods}
          auth={connection.auth}
          canLogout={Boolean(caps?.auth?.logout)}
          onAuthenticate={(methodId) => void actions.authenticate(methodId).catch(() => {})}
          onSignInWithEnv={
            connection.agent.bridge?.features.envVarAuth ? (methodId, values) => void actions.authenticate(methodId, values).catch(() => {}) : undefined
          }
          onSignInWithTerminal={
            connection.agent.bridge?.features.terminalAuth
              ? (methodId) => terminalSignIn.start(methodId, connection.agent?.authMethods.find((method) => method.id === methodId)?.name ?? methodId)
              : undefined
          }
          onLogout={() => void actions.logout().catch(() => {})}
          agentName={connection.agent.info?.title ?? connection.agent.info?.name}
          agentCommand={agentCommand}
          terminalAuthOff={connection.agent.bridge ? !connection.agent.bridge.features.terminalAuth : false}
        />
      )}

      {terminalSignIn.running && <TerminalSignInDialog running={terminalSignIn.running} onClose={terminalSignIn.close} />}

      {sessionsOpen && (
        <SessionHistory
          className="acp-agent-panel__sessions"
          cwd={cwd}
          activeSessionId={sessionId}
          capabilities={{
            load: Boolean(caps?.loadSession),
            resume: Boolean(caps?.sessionCapabilities?.resume),
            close: Boolean(caps?.sessionCapabilities?.close),
            delete: Boolean((caps?.sessionCapabilities as { delete?: unknown } | undefined)?.delete),
          }}
          connected={connected}
          onOpen={(id, how) => void open(id, how)}
          onClose={(id) => actions.closeSession(id).then(() => detach(id))}
          onDelete={(id) => actions.deleteSession(id).then(() => detach(id))}
        />
      )}

      {bootstrap.error && !bootstrapAuthError && (
        <div className="acp-agent-panel__error" data-slot="agent-panel-error" role="alert">
          {format(messages.session_failed, { message: bootstrap.error.message })}{' '}
          <button type="button" className="acp-button" onClick={() => void bootstrap.start()}>
            {messages.retry}
          </button>
        </div>
      )}
      {!sessionId && bootstrap.starting && (
        <p className="acp-agent-panel__status" data-slot="agent-panel-status" role="status">
          {messages.starting_session}
        </p>
      )}

      {tabbed && (
        <SessionTabs
          className="acp-agent-panel__tabs"
          tabs={sessionTabs.tabs}
          activeSessionId={sessionId}
          onActivate={activate}
          onClose={closeTab}
          panelId={sessionPanelId}
          idPrefix={idPrefix}
        />
      )}
      {sessionId && (
        <div
          className="acp-agent-panel__session"
          data-slot="agent-panel-session"
          id={sessionPanelId}
          role={tabbed ? 'tabpanel' : undefined}
          aria-labelledby={tabbed ? sessionTabId(idPrefix, openIds.indexOf(sessionId)) : undefined}
        >
          <PanelConfig sessionId={sessionId} connected={connected} />
          <PanelThread
            key={sessionId}
            sessionId={sessionId}
            emptyState={emptyState}
            onOpenLocation={onOpenLocation}
            onMentionOpen={onMentionOpen}
            allowRemoteImages={allowRemoteImages}
            changes={changes && { tracker: changes, review }}
            scrollMemory={scrollMemory}
          />
        </div>
      )}
      {/* Background sessions: a turn that ended, a question that came; said once, politely. */}
      <div className="acp-visually-hidden" aria-live="polite" data-slot="agent-panel-announcer">
        {sessionTabs.announcement && <span key={sessionTabs.announcement.n}>{sessionTabs.announcement.text}</span>}
      </div>

      {sessionId && changes && <PanelChanges tracker={changes} review={review} sessionId={sessionId} />}

      {sendError && (
        <div className="acp-agent-panel__error" data-slot="agent-panel-error" role="alert">
          {format(messages.prompt_failed, { message: sendError })}{' '}
          <button type="button" className="acp-button" data-variant="ghost" onClick={() => setSendError(null)}>
            {messages.dismiss}
          </button>
        </div>
      )}

      {fill(footer, input)}
    </section>
  );
});
