import { useCallback, useState } from 'react';
import type { ContentBlock, CreateElicitationResponse, McpServer } from '@agentclientprotocol/sdk';
import { toAcpError } from '../../core/index.js';
import { useAcpContext } from '../../react/context.js';
import { useAcp } from '../../react/useAcp.js';
import { useDraft } from '../../react/useDraft.js';
import { AuthPanel } from '../AuthPanel/index.js';
import { ConfigOptions } from '../ConfigOptions/index.js';
import { ConnectionStatus } from '../ConnectionStatus/index.js';
import { PromptInput } from '../PromptInput/index.js';
import type { OpenHow } from '../SessionList/index.js';
import { Thread } from '../Thread/index.js';
import { itemRawText } from '../Thread/item-raw-text.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { prefetchThread } from '../Thread/on-demand.js';
import { UsageMeter } from '../UsageMeter/index.js';
import { cx, format, useMessages } from '../shared/index.js';
import { agentPanelMessages } from './messages.js';
import { SessionHistory } from './session-history.js';
import { SessionTitle } from './SessionTitle.js';
import { useSessionBootstrap } from './useSessionBootstrap.js';

export interface AgentPanelProps {
  /** Absolute working directory for new sessions. */
  cwd: string;
  additionalDirectories?: string[];
  mcpServers?: McpServer[];
  /** Start a session once connected. Default true. */
  autoStartSession?: boolean;
  /** Called when the user clicks a tool call location ("follow the agent"). */
  onOpenLocation?: (path: string, line?: number) => void;
  /** Show the session history (when the agent supports `session/list`). Default true. */
  showSessionList?: boolean;
  /** A smaller layout for narrow places such as notebook cells. */
  compact?: boolean;
  allowRemoteImages?: boolean;
  /** How the host starts the agent, for terminal sign-in instructions. */
  agentCommand?: string;
  className?: string;
}

/**
 * A complete agent panel wired to the surrounding `<AcpProvider>`: connection status, sign-in,
 * sessions, the thread with inline permission prompts and forms, usage, modes and config, and
 * the prompt input with slash commands and a queue.
 *
 * What it loads: the header and the prompt input come with the page; the conversation is fetched
 * once the user turns to the panel (focus anywhere in it) or a thread has something to show, the
 * session history when it is first opened, the other parts when they are first shown (see
 * "Loading on demand" in the README).
 */
export function AgentPanel({
  cwd,
  additionalDirectories,
  mcpServers,
  autoStartSession = true,
  onOpenLocation,
  showSessionList = true,
  compact = false,
  allowRemoteImages,
  agentCommand,
  className,
}: AgentPanelProps) {
  const m = useMessages('agentPanel', agentPanelMessages);
  const acp = useAcp();
  const bootstrap = useSessionBootstrap({ cwd, additionalDirectories, mcpServers, auto: autoStartSession });
  const { sessionId, setSessionId } = bootstrap;
  const session = sessionId ? acp.sessions[sessionId] : undefined;
  const draft = useDraft(sessionId ?? 'pending');
  const { drafts } = useAcpContext();
  const [sendError, setSendError] = useState<string | null>(null);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const caps = acp.agent?.capabilities;
  const listSupported = Boolean(caps?.sessionCapabilities?.list);
  const connected = acp.status === 'ready';

  const submit = useCallback(
    (blocks: ContentBlock[]) => {
      if (!sessionId) return;
      setSendError(null);
      prefetchThread();
      const text = blocks.map((b) => (b.type === 'text' ? b.text : '')).join('');
      const turnsBefore = acp.client.getSnapshot().sessions[sessionId]?.turns.length ?? 0;
      acp.prompt(sessionId, blocks).catch((error: unknown) => {
        // A prompt refused before its turn started (not connected, busy, unsupported content)
        // gives the typed text back, so nothing the user wrote is lost. Once the turn started,
        // the message was sent: the thread shows how the turn ended (failed, interrupted).
        const turnsAfter = acp.client.getSnapshot().sessions[sessionId]?.turns.length ?? 0;
        if (turnsAfter !== turnsBefore) return;
        // The store, not this render's `draft.text`: that still holds the text being sent.
        if (drafts.get(sessionId).text === '') drafts.set(sessionId, { ...drafts.get(sessionId), text });
        setSendError(toAcpError(error).message.replace(/[.!?]+\s*$/, ''));
      });
    },
    [acp, sessionId, drafts],
  );

  const open = useCallback(
    async (id: string, how: OpenHow) => {
      try {
        if (!acp.sessions[id]) {
          if (how === 'load') await acp.loadSession(id, { cwd, additionalDirectories, mcpServers });
          else await acp.resumeSession(id, { cwd, additionalDirectories, mcpServers });
        }
        setSessionId(id);
        setSessionsOpen(false);
      } catch (error) {
        setSendError(toAcpError(error).message);
      }
    },
    [acp, cwd, additionalDirectories, mcpServers, setSessionId],
  );

  const running = session ? session.turn.state !== 'idle' : false;
  const showAuth = acp.auth.required || (acp.agent !== null && bootstrap.error?.code === -32000);

  return (
    <section
      className={cx('acp-agent-panel', className)}
      data-slot="agent-panel"
      data-compact={compact || undefined}
      aria-label={m.title}
      // The user turned to the panel: fetch the conversation while they write the first prompt.
      onFocus={prefetchThread}
    >
      <header className="acp-agent-panel__header" data-slot="agent-panel-header">
        <div className="acp-agent-panel__heading">
          {session && <SessionTitle title={session.info.title} untitled={m.untitled} />}
          <ConnectionStatus status={acp.status} agent={acp.agent} error={acp.error} reconnect={acp.reconnect} onRetry={acp.retryNow} />
        </div>
        <div className="acp-agent-panel__tools">
          {session && <UsageMeter usage={session.usage} lastTurnUsage={session.lastTurnUsage} variant="compact" />}
          {showSessionList && listSupported && (
            <button type="button" className="acp-button" aria-expanded={sessionsOpen} onClick={() => setSessionsOpen(!sessionsOpen)}>
              {sessionsOpen ? m.hideSessions : m.sessions}
            </button>
          )}
          {acp.status === 'ready' && (
            <button type="button" className="acp-button" onClick={() => void bootstrap.start()} disabled={bootstrap.starting}>
              {m.newSession}
            </button>
          )}
        </div>
      </header>

      {session && (session.configOptions || session.modes) && (
        <ConfigOptions
          className="acp-agent-panel__config"
          configOptions={session.configOptions}
          modes={session.modes}
          onSetConfigOption={(configId, value) => acp.setConfigOption(session.sessionId, configId, value)}
          onSetMode={(modeId) => acp.setMode(session.sessionId, modeId)}
          disabled={acp.status !== 'ready'}
        />
      )}

      {showAuth && acp.agent && (
        <AuthPanel
          authMethods={acp.agent.authMethods}
          auth={acp.auth}
          canLogout={Boolean(caps?.auth?.logout)}
          onAuthenticate={(methodId) => void acp.authenticate(methodId).catch(() => {})}
          onSignInWithEnv={
            acp.agent.bridge?.features.envVarAuth ? (methodId, values) => void acp.authenticate(methodId, values).catch(() => {}) : undefined
          }
          onLogout={() => void acp.logout().catch(() => {})}
          agentName={acp.agent.info?.title ?? acp.agent.info?.name}
          agentCommand={agentCommand}
        />
      )}

      {sessionsOpen && (
        <SessionHistory
          className="acp-agent-panel__sessions"
          cwd={cwd}
          activeSessionId={sessionId}
          openSessionIds={Object.keys(acp.sessions)}
          capabilities={{
            load: Boolean(caps?.loadSession),
            resume: Boolean(caps?.sessionCapabilities?.resume),
            close: Boolean(caps?.sessionCapabilities?.close),
            delete: Boolean((caps?.sessionCapabilities as { delete?: unknown } | undefined)?.delete),
          }}
          connected={connected}
          onOpen={(id, how) => void open(id, how)}
          onClose={(id) => acp.closeSession(id)}
          onDelete={(id) => acp.deleteSession(id)}
        />
      )}

      {bootstrap.error && bootstrap.error.code !== -32000 && (
        <div className="acp-agent-panel__error" role="alert">
          {format(m.sessionFailed, { message: bootstrap.error.message })}{' '}
          <button type="button" className="acp-button" onClick={() => void bootstrap.start()}>
            {m.retry}
          </button>
        </div>
      )}
      {!session && bootstrap.starting && <p className="acp-agent-panel__status" role="status">{m.startingSession}</p>}

      {session && (
        // Last line of defence: the thread's items contain their own failures; should the thread
        // itself fail, the prompt and the session controls stay.
        <PartBoundary resetKey={session} rawText={() => session.thread.items.toArray().map(itemRawText).join('\n\n')}>
          <Thread
            className="acp-agent-panel__thread"
            session={session}
            permissionRequests={acp.permissionRequests.filter((r) => r.sessionId === session.sessionId)}
            elicitations={acp.elicitations.filter((e) => e.sessionId === session.sessionId || e.sessionId === null)}
            terminals={acp.terminals}
            onRespondPermission={acp.respondToPermission}
            onRespondElicitation={(requestId: string, response: CreateElicitationResponse) => acp.respondToElicitation(requestId, response)}
            onOpenLocation={onOpenLocation}
            allowRemoteImages={allowRemoteImages}
          />
        </PartBoundary>
      )}

      {sendError && (
        <div className="acp-agent-panel__error" role="alert">
          {format(m.promptFailed, { message: sendError })}{' '}
          <button type="button" className="acp-button" data-variant="ghost" onClick={() => setSendError(null)}>
            {m.dismiss}
          </button>
        </div>
      )}

      <PromptInput
        className="acp-agent-panel__input"
        value={draft.text}
        onDraftChange={draft.setText}
        queue={draft.queue}
        onQueueChange={draft.setQueue}
        onSubmit={submit}
        onCancel={() => sessionId && void acp.cancel(sessionId)}
        running={running}
        disabled={!session || session.status !== 'active' || acp.status !== 'ready'}
        promptCapabilities={caps?.promptCapabilities}
        commands={session?.commands}
        placeholder={m.placeholder}
      />
    </section>
  );
}
