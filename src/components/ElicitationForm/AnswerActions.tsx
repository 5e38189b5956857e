import type { ButtonHTMLAttributes } from 'react';
import type { CreateElicitationResponse } from '../../core/types.js';
import type { ElicitationMessages } from './messages.js';

interface AnswerActionsProps {
  /** The accepting button's label ("Submit", "Open"). */
  acceptLabel: string;
  /** How accepting happens: a form's submit button, or a click that answers by itself. */
  accept: Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled' | 'aria-describedby' | 'onClick'>;
  onRespond: (response: CreateElicitationResponse) => void;
  messages: ElicitationMessages;
}

/**
 * The three answers ACP gives every elicitation, in one row and one order for both modes:
 * accept (primary), decline, cancel (ghost).
 */
export function AnswerActions({ acceptLabel, accept, onRespond, messages }: AnswerActionsProps) {
  return (
    <div className="acp-elicitation__actions" data-slot="elicitation-actions">
      <button type="button" {...accept} className="acp-button" data-variant="primary">
        {acceptLabel}
      </button>
      <button type="button" className="acp-button" onClick={() => onRespond({ action: 'decline' })}>
        {messages.decline}
      </button>
      <button type="button" className="acp-button" data-variant="ghost" onClick={() => onRespond({ action: 'cancel' })}>
        {messages.cancel}
      </button>
    </div>
  );
}
