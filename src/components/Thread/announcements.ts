import type { PermissionRequestState, TurnRecord } from '../../core/types.js';
import { format } from '../shared/index.js';
import type { ThreadMessages } from './messages.js';

/**
 * What to say politely when a turn ends. Failures and interruptions say nothing here: their
 * status line is an `alert` and speaks for itself (saying it twice would only repeat it).
 */
export function turnEndAnnouncement(turn: TurnRecord, messages: ThreadMessages): string | null {
  if (turn.status !== 'ended') return null;
  switch (turn.stopReason) {
    case 'cancelled':
      return messages.announce_cancelled;
    case 'max_tokens':
      return messages.stop_max_tokens;
    case 'max_turn_requests':
      return messages.stop_max_turn_requests;
    case 'refusal':
      return messages.stop_refusal;
    default:
      return messages.announce_complete;
  }
}

export function permissionAnnouncement(request: PermissionRequestState, messages: ThreadMessages): string {
  const title = typeof request.toolCall?.title === 'string' ? request.toolCall.title.trim() : '';
  return title ? format(messages.announce_permission, { title }) : messages.announce_permission_untitled;
}
