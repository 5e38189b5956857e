/**
 * What the elicitation card shows: the core's status, refined by what the user just did here
 * (the host may take a moment to report the answer back, and the card must not invite a second
 * answer meanwhile).
 */
import type { CreateElicitationResponse, ElicitationState } from '../../core/types.js';
import type { ElicitationMessages } from './messages.js';

export type ElicitationView =
  'pending' | 'waiting' | 'accepted' | 'declined' | 'cancelled' | 'interrupted' | 'completed' | 'done' | 'stopped' | 'unsupported_mode';

export function elicitationView(
  elicitation: Pick<ElicitationState, 'mode' | 'status'>,
  sent: CreateElicitationResponse | null,
  waitingEnded: 'done' | 'stopped' | null,
): ElicitationView {
  const url = elicitation.mode === 'url';
  let status: string = elicitation.status;
  if (status === 'pending' && sent) {
    status = sent.action === 'accept' ? 'accepted' : sent.action === 'decline' ? 'declined' : 'cancelled';
  }
  switch (status) {
    case 'pending':
      return url || elicitation.mode === 'form' ? 'pending' : 'unsupported_mode';
    case 'accepted':
      return url ? (waitingEnded ?? 'waiting') : 'accepted';
    case 'declined':
    case 'cancelled':
    case 'interrupted':
    case 'completed':
      return status;
    default:
      return 'cancelled';
  }
}

/** The card's heading: what kind of request this is. */
export function elicitationHeading(
  view: ElicitationView,
  mode: string,
  messages: Pick<ElicitationMessages, 'heading_unknown_mode' | 'heading_url' | 'heading_form'>,
): string {
  if (view === 'unsupported_mode') return messages.heading_unknown_mode;
  return mode === 'url' ? messages.heading_url : messages.heading_form;
}
