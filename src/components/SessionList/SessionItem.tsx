import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { SessionInfo } from '@agentclientprotocol/sdk';
import { useLocale } from '../shared/index.js';
import { DeleteConfirm } from './DeleteConfirm.js';
import type { SessionListMessages } from './messages.js';
import { absoluteTime, relativeTime } from './relative-time.js';

export type OpenHow = 'load' | 'resume';

interface SessionItemProps {
  session: SessionInfo;
  active: boolean;
  /** How the main button opens the session, or null when it cannot be opened. */
  openHow: OpenHow | null;
  /** Also offer "Resume" next to a main button that loads. */
  offerResume: boolean;
  canClose: boolean;
  canDelete: boolean;
  /** The clock for relative times; null before mount (no relative time is shown then). */
  now: number | null;
  onOpen: ((sessionId: string, how: OpenHow) => void) | undefined;
  onClose: ((sessionId: string) => void) | undefined;
  onDelete: ((sessionId: string) => void) | undefined;
  messages: SessionListMessages;
}

/** One row: the session's title, when it was last updated and where, and its actions. */
export function SessionItem(props: SessionItemProps) {
  const { session, active, openHow, offerResume, canClose, canDelete, now, onOpen, onClose, onDelete, messages } = props;
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [refocusDelete, setRefocusDelete] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const title = session.title?.trim();
  const updated = now === null ? null : relativeTime(session.updatedAt, now, locale);

  // Cancelling puts the Delete button back; focus returns to it once it is rendered again.
  useEffect(() => {
    if (!refocusDelete || confirming) return;
    deleteRef.current?.focus();
    setRefocusDelete(false);
  }, [refocusDelete, confirming]);
  const cancelDelete = () => {
    setConfirming(false);
    setRefocusDelete(true);
  };

  const heading = (
    <>
      <span id={titleId} className="acp-session-list__title" data-untitled={title ? undefined : ''}>
        {title || (
          <>
            {messages.untitled} <span className="acp-session-list__short-id">{session.sessionId.slice(0, 8)}</span>
          </>
        )}
      </span>{' '}
      <span className="acp-session-list__meta">
        {updated && session.updatedAt && (
          <time dateTime={session.updatedAt} title={absoluteTime(session.updatedAt, locale) ?? undefined}>
            {updated}
          </time>
        )}
        {/* A real space keeps the name "Title 3 hours ago /path" readable; the flex gap spaces it visually. */}{' '}
        <span className="acp-session-list__cwd" title={session.cwd}>
          {session.cwd}
        </span>
      </span>
    </>
  );

  return (
    <li className="acp-session-list__item" data-slot="session-list-item" data-state={active ? 'active' : 'idle'}>
      {openHow && onOpen ? (
        <button
          type="button"
          className="acp-session-list__open acp-focusable"
          data-slot="session-list-open"
          aria-current={active ? 'true' : undefined}
          onClick={() => onOpen(session.sessionId, openHow)}
        >
          {heading}
        </button>
      ) : (
        <div className="acp-session-list__open" data-slot="session-list-summary" aria-current={active ? 'true' : undefined}>
          {heading}
        </div>
      )}
      {confirming && onDelete ? (
        <DeleteConfirm
          onConfirm={() => {
            setConfirming(false);
            onDelete(session.sessionId);
          }}
          onCancel={cancelDelete}
          messages={messages}
        />
      ) : (
        <div className="acp-session-list__actions" data-slot="session-list-actions">
          {offerResume && onOpen && (
            <ActionButton
              action="resume"
              label={messages.resume}
              hint={messages.resume_hint}
              titleId={titleId}
              onClick={() => onOpen(session.sessionId, 'resume')}
            />
          )}
          {canClose && onClose && (
            <ActionButton action="close" label={messages.close} hint={messages.close_hint} titleId={titleId} onClick={() => onClose(session.sessionId)} />
          )}
          {canDelete && onDelete && (
            <ActionButton buttonRef={deleteRef} action="delete" label={messages.delete} titleId={titleId} onClick={() => setConfirming(true)} />
          )}
        </div>
      )}
    </li>
  );
}

interface ActionButtonProps {
  action: 'resume' | 'close' | 'delete';
  label: string;
  hint?: string;
  titleId: string;
  onClick: () => void;
  /** Not `ref`: React 18 drops `ref` as a prop of a function component. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A row action named with the row's title ("Delete Fix login bug"), so each name is unique. */
function ActionButton({ action, label, hint, titleId, onClick, buttonRef }: ActionButtonProps) {
  const id = useId();
  return (
    <button
      ref={buttonRef}
      id={id}
      type="button"
      className="acp-button acp-session-list__action"
      data-variant="ghost"
      data-action={action}
      aria-labelledby={`${id} ${titleId}`}
      title={hint}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
