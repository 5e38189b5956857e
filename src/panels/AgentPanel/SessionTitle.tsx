import { displayTitle } from '../../components/shared/display-title.js';

export interface SessionTitleProps {
  /** `session.info.title`, from the agent's `session_info_update`; null until it names the session. */
  title: string | null;
  /** Shown while the agent has not named the session. */
  untitled: string;
}

/**
 * The current session's title in the panel header. One line: a title wider than the header ends
 * in an ellipsis, and the whole of it stays in the text (screen readers, find in page) and in
 * the tooltip. `dir="auto"` lays a right-to-left title out as one.
 */
export function SessionTitle({ title, untitled }: SessionTitleProps) {
  const text = displayTitle(title);
  return (
    <p
      className="acp-agent-panel__title"
      data-slot="agent-panel-session-title"
      data-status={text === null ? 'untitled' : 'titled'}
      title={text ?? undefined}
      dir="auto"
    >
      {text ?? untitled}
    </p>
  );
}
