/** Characters of a title shown at most; an agent may send anything, and one line shows far less. */
const MAX_TITLE_LENGTH = 200;

/** A title as one line: whitespace runs (newlines included) become one space, overlong ones are cut. */
export function displayTitle(title: string | null): string | null {
  if (title === null) return null;
  const line = title.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length > MAX_TITLE_LENGTH ? `${line.slice(0, MAX_TITLE_LENGTH - 1).trimEnd()}…` : line;
}

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
