/**
 * The full URL as plain text (never a link or an iframe) with its host highlighted, plus the
 * warnings that apply to it (guide §5.5).
 */
import type { ElicitationMessages } from './messages.js';
import type { UrlAssessment } from './url.js';

export interface UrlAddressProps {
  assessment: UrlAssessment;
  messages: ElicitationMessages;
  /** Id for the refusal explanation, referenced by the disabled Open button. */
  refusalId: string;
}

export function UrlAddress({ assessment, messages, refusalId }: UrlAddressProps) {
  const { href, hostRange, host, warnings, refusal } = assessment;
  return (
    <div className="acp-elicitation__address" data-slot="elicitation-address">
      <div className="acp-elicitation__url-row">
        <span className="acp-elicitation__url-label">{messages.url_label}</span>
        <code className="acp-elicitation__url" data-slot="elicitation-url" translate="no">
          {hostRange ? (
            <>
              {href.slice(0, hostRange[0])}
              <mark className="acp-elicitation__host" data-slot="elicitation-url-host">
                {href.slice(hostRange[0], hostRange[1])}
              </mark>
              {href.slice(hostRange[1])}
            </>
          ) : (
            href
          )}
        </code>
      </div>
      {host && (
        <div className="acp-elicitation__url-row">
          <span className="acp-elicitation__url-label">{messages.host_label}</span>
          <strong className="acp-elicitation__host-name" data-slot="elicitation-host" translate="no">
            {host}
          </strong>
        </div>
      )}
      {warnings.map((w) => (
        <p key={w} className="acp-elicitation__warning" data-slot="elicitation-url-warning" data-warning={w}>
          {messages[`warning_${w}`]}
        </p>
      ))}
      {refusal && (
        <p id={refusalId} className="acp-elicitation__error" data-slot="elicitation-url-refusal">
          {messages[`refused_${refusal}`]}
        </p>
      )}
    </div>
  );
}
