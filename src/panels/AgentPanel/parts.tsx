/**
 * AgentPanel's session-bound parts. Each subscribes through a narrow selector to the piece of the
 * session it shows, so a streamed chunk (which replaces one thread item) re-renders the thread and
 * nothing else: not the header, the settings or the prompt input.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import type { MentionRef, MentionSource } from '../../core/mentions/types.js';
import type { ContentBlock, CreateElicitationResponse } from '@agentclientprotocol/sdk';
import type { AcpSnapshot, SessionState, TurnRecord } from '../../core/index.js';
import type { ChangeTracker } from '../../core/changes/index.js';
import { useAcpActions } from '../../react/use-acp.js';
import { useMentionRequests } from '../../react/use-prompt-composer.js';
import { useAcpSelector, useElicitations, usePermissionRequests, useSession, useTerminals } from '../../react/hooks.js';
import type { QueuedDraft } from '../../react/use-draft.js';
import { ConfigOptions } from '../../components/ConfigOptions/index.js';
import { PromptInput } from '../../components/PromptInput/index.js';
import { PartBoundary } from '../../components/shared/PartBoundary.js';
import { Thread, type ThreadScrollMemory } from '../../components/Thread/index.js';
import { itemRawText } from '../../components/Thread/item-raw-text.js';
import { UsageMeter } from '../../components/UsageMeter/index.js';
import { PanelTurnChanges } from './PanelChangesOnDemand.js';
import type { ReviewState } from './review-state.js';
import { SessionTitle } from './SessionTitle.js';

/** One field of one session, re-rendering only when that field changes. */
function useSessionField<K extends keyof SessionState>(sessionId: string | null, key: K): SessionState[K] | undefined {
  return useAcpSelector(useCallback((s: AcpSnapshot) => (sessionId ? s.sessions[sessionId]?.[key] : undefined), [sessionId, key]));
}

export function PanelSessionTitle({ sessionId, untitled }: { sessionId: string; untitled: string }) {
  const info = useSessionField(sessionId, 'info');
  return <SessionTitle title={info?.title ?? null} untitled={untitled} />;
}

export function PanelUsage({ sessionId }: { sessionId: string }) {
  const usage = useSessionField(sessionId, 'usage');
  const lastTurnUsage = useSessionField(sessionId, 'lastTurnUsage');
  return <UsageMeter usage={usage ?? null} lastTurnUsage={lastTurnUsage ?? null} variant="compact" />;
}

export function PanelConfig({ sessionId, connected }: { sessionId: string; connected: boolean }) {
  const actions = useAcpActions();
  const configOptions = useSessionField(sessionId, 'configOptions');
  const modes = useSessionField(sessionId, 'modes');
  if (!configOptions && !modes) return null;
  return (
    <ConfigOptions
      className="acp-agent-panel__config"
      configOptions={configOptions ?? null}
      modes={modes ?? null}
      onSetConfigOption={(configId, value) => actions.setConfigOption(sessionId, configId, value)}
      onSetMode={(modeId) => actions.setMode(sessionId, modeId)}
      disabled={!connected}
    />
  );
}

export interface PanelThreadProps {
  sessionId: string;
  emptyState: ReactNode;
  onOpenLocation: ((path: string, line?: number) => void) | undefined;
  onMentionOpen: ((mention: MentionRef) => void) | undefined;
  allowRemoteImages: boolean | undefined;
  /** The change review: each turn that changed files ends with its summary. */
  changes?: { tracker: ChangeTracker; review: ReviewState };
  /** Where the user left each session's log scrolled up (the panel's, across tab switches). */
  scrollMemory?: ThreadScrollMemory;
}

export function PanelThread({ sessionId, emptyState, onOpenLocation, onMentionOpen, allowRemoteImages, changes, scrollMemory }: PanelThreadProps) {
  const actions = useAcpActions();
  const session = useSession(sessionId);
  const permissionRequests = usePermissionRequests(sessionId);
  // The session's forms and those of the whole connection (an elicitation may have no session).
  const allElicitations = useElicitations();
  const elicitations = useMemo(() => allElicitations.filter((e) => e.sessionId === sessionId || e.sessionId === null), [allElicitations, sessionId]);
  const terminals = useTerminals();
  const tracker = changes?.tracker;
  const review = changes?.review;
  // Stable across chunks: a new function would re-render every turn.
  const renderTurnFooter = useMemo(
    () =>
      tracker && review ? (turn: TurnRecord) => <PanelTurnChanges tracker={tracker} review={review} sessionId={sessionId} turnId={turn.turnId} /> : undefined,
    [tracker, review, sessionId],
  );
  if (!session) return null;
  return (
    // Last line of defence: the thread's items contain their own failures; should the thread
    // itself fail, the prompt and the session controls stay.
    <PartBoundary resetKey={session} rawText={() => session.thread.items.toArray().map(itemRawText).join('\n\n')}>
      <Thread
        className="acp-agent-panel__thread"
        session={session}
        permissionRequests={permissionRequests}
        elicitations={elicitations}
        terminals={terminals}
        emptyState={emptyState}
        onRespondPermission={actions.respondToPermission}
        onRespondElicitation={(requestId: string, response: CreateElicitationResponse) => actions.respondToElicitation(requestId, response)}
        onOpenLocation={onOpenLocation}
        onCancelSubagent={(id) => void actions.cancelSubagent(session.sessionId, id).catch(() => {})}
        onMentionOpen={onMentionOpen}
        allowRemoteImages={allowRemoteImages}
        renderTurnFooter={renderTurnFooter}
        scrollMemory={scrollMemory}
      />
    </PartBoundary>
  );
}

export interface PanelInputProps {
  sessionId: string | null;
  connected: boolean;
  draft: { text: string; queue: QueuedDraft[]; setText: (text: string) => void; setQueue: (queue: QueuedDraft[]) => void };
  onSubmit: (blocks: ContentBlock[]) => void;
  placeholder: string;
  /** The placeholder of an observer's prompt (acp-react-bridge --shared): read-only. */
  watching: string;
  mentionSource: MentionSource | undefined;
  maxMentionBytes: number | undefined;
}

export function PanelInput({ sessionId, connected, draft, onSubmit, placeholder, watching, mentionSource, maxMentionBytes }: PanelInputProps) {
  const actions = useAcpActions();
  // A host's "Ask the agent about this" (`usePromptComposer`) lands in this draft and field.
  const inputRef = useMentionRequests(sessionId ?? 'pending');
  const turn = useSessionField(sessionId, 'turn');
  const status = useSessionField(sessionId, 'status');
  const commands = useSessionField(sessionId, 'commands');
  // An observer of a shared session reads: the bridge would refuse its prompt anyway.
  const observing = useSessionField(sessionId, 'role') === 'observer';
  const promptCapabilities = useAcpSelector(useCallback((s: AcpSnapshot) => s.agent?.capabilities.promptCapabilities, []));
  return (
    <PromptInput
      className="acp-agent-panel__input"
      value={draft.text}
      onValueChange={draft.setText}
      queue={draft.queue}
      onQueueChange={draft.setQueue}
      onSubmit={onSubmit}
      onCancel={() => sessionId && void actions.cancel(sessionId)}
      running={turn ? turn.state !== 'idle' : false}
      // A loading session (its history replaying) takes a draft and queues what is sent meanwhile.
      waiting={status === 'loading'}
      disabled={(status !== 'active' && status !== 'loading') || !connected || observing}
      promptCapabilities={promptCapabilities}
      commands={commands}
      placeholder={observing ? watching : placeholder}
      mentionSource={mentionSource}
      maxMentionBytes={maxMentionBytes}
      inputRef={inputRef}
    />
  );
}
