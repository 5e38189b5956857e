import type { MarkdownMessages } from './messages.js';

interface MarkdownPlainProps {
  text: string;
  messages: MarkdownMessages;
  /** The renderer failed to load; offer to fetch it again. */
  error: Error | undefined;
  onRetry: () => void;
}

/**
 * The text as written, line breaks kept, until the markdown renderer has loaded (its first fetch
 * on a page): readable at once, and the formatting replaces it in place when it arrives.
 */
export function MarkdownPlain({ text, messages, error, onRetry }: MarkdownPlainProps) {
  return (
    <>
      <p className="acp-markdown__plain" data-slot="markdown-plain">
        {text}
      </p>
      {error ? (
        <p className="acp-markdown__load-error" data-slot="markdown-load-error" role="alert">
          {messages.load_failed}{' '}
          <button type="button" className="acp-button" onClick={onRetry}>
            {messages.retry}
          </button>
        </p>
      ) : null}
    </>
  );
}
