import { CopyButton } from '../CodeBlock/index.js';
import { format, useMessages } from '../../i18n/index.js';
import { partErrorMessages } from './part-error-messages.js';

export interface PartErrorProps {
  error: Error;
  /** The part's raw text (see `PartBoundary`). */
  rawText: () => string;
}

/** Characters of the raw text shown in place (all of it is copied). */
const PREVIEW_CHARS = 20_000;

/** What a part that failed to render shows instead: what happened, and its raw text to read and copy. */
export function PartErrorLoaded({ error, rawText }: PartErrorProps) {
  const messages = useMessages('partError', partErrorMessages);
  const raw = safeText(rawText);
  return (
    <div className="acp-part-error" data-slot="part-error" role="group" aria-label={messages.title}>
      <p className="acp-part-error__title">{messages.title}</p>
      <p className="acp-part-error__detail">{format(messages.detail, { message: error.message || error.name })}</p>
      <CopyButton text={raw} label={messages.copy} accessibleName={messages.copy} />
      <details>
        <summary className="acp-focusable">{messages.show_raw}</summary>
        <pre className="acp-part-error__raw" tabIndex={0}>
          {raw.length > PREVIEW_CHARS ? `${raw.slice(0, PREVIEW_CHARS)}…` : raw}
        </pre>
      </details>
    </div>
  );
}

/** The raw text, or what went wrong building it: the fallback itself must not throw. */
function safeText(rawText: () => string): string {
  try {
    return rawText();
  } catch (error) {
    return String((error as Error)?.message ?? error);
  }
}
