/**
 * URL-mode elicitation: consent to open an address out of band, then wait for completion.
 *
 * Accept means consent to open, not completion (guide §5.3). The page opens in a new top-level
 * tab with `noopener,noreferrer` so neither this app nor the agent can see or script it.
 */
import { useId, useMemo } from 'react';
import type { CreateElicitationResponse } from '../../core/types.js';
import { AnswerActions } from './AnswerActions.js';
import type { ElicitationMessages } from './messages.js';
import { assessUrl } from './url.js';
import { UrlAddress } from './UrlAddress.js';

export interface UrlModeProps {
  url: string;
  /** `consent` before the user answered; `waiting` after they opened it. */
  phase: 'consent' | 'waiting';
  onRespond: (response: CreateElicitationResponse) => void;
  onDone: () => void;
  onStopWaiting: () => void;
  messages: ElicitationMessages;
}

export function UrlMode({ url, phase, onRespond, onDone, onStopWaiting, messages }: UrlModeProps) {
  const refusalId = useId();
  const assessment = useMemo(() => assessUrl(url), [url]);

  const open = () => {
    // Re-checked at click time: the button is disabled for refused URLs, but never trust that alone.
    if (!assessment.canOpen) return;
    window.open(assessment.href, '_blank', 'noopener,noreferrer');
  };

  return (
    <div className="acp-elicitation__url-mode" data-slot="elicitation-url-mode">
      {phase === 'consent' && <p className="acp-elicitation__intro">{messages.url_intro}</p>}
      <UrlAddress assessment={assessment} messages={messages} refusalId={refusalId} />
      {phase === 'consent' ? (
        <AnswerActions
          acceptLabel={messages.open}
          accept={{
            disabled: !assessment.canOpen,
            'aria-describedby': assessment.canOpen ? undefined : refusalId,
            onClick: () => {
              if (!assessment.canOpen) return;
              open();
              onRespond({ action: 'accept' });
            },
          }}
          onRespond={onRespond}
          messages={messages}
        />
      ) : (
        <>
          <p className="acp-elicitation__waiting" data-slot="elicitation-waiting" role="status">
            <span className="acp-elicitation__spinner" aria-hidden="true" />
            {messages.waiting}
          </p>
          <p className="acp-elicitation__hint">{messages.waiting_hint}</p>
          <div className="acp-elicitation__actions" data-slot="elicitation-actions">
            {assessment.canOpen && (
              <button type="button" className="acp-button" onClick={open}>
                {messages.open_again}
              </button>
            )}
            <button type="button" className="acp-button" data-variant="primary" onClick={onDone}>
              {messages.done}
            </button>
            <button type="button" className="acp-button" data-variant="ghost" onClick={onStopWaiting}>
              {messages.stop_waiting}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
