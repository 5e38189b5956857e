import { memo, useContext, useMemo } from 'react';
import type { MentionRef } from '../../core/mentions/types.js';
import type { AgentMessageItem, SessionMessageItem } from '../../core/types.js';
import { Message } from '../Message/index.js';
import { format, useMessages } from '../shared/index.js';
import { sessionMessageMessages, type SessionMessageMessages } from './messages.js';
import { SessionMessageScopeContext, type SessionMessageScope } from './scope.js';

export interface SessionMessageProps {
  item: SessionMessageItem;
  /** The message is still receiving chunks. */
  streaming?: boolean;
  allowRemoteImages?: boolean;
  onMentionOpen?: (mention: MentionRef) => void;
}

export type SessionMessageDirection = 'outgoing' | 'incoming' | 'unknown';

/**
 * A message between sessions (`session_message`): a card saying who it is to ("To
 * Explorer", on the sender's transcript) or from ("From the main agent", on the recipient's),
 * its content rendered as an agent message is (markdown, code, files). The card is an article
 * named by that line.
 */
export const SessionMessage = /* @__PURE__ */ memo(function SessionMessage({ item, streaming = false, allowRemoteImages, onMentionOpen }: SessionMessageProps) {
  const messages = useMessages('sessionMessage', sessionMessageMessages);
  const scope = useContext(SessionMessageScopeContext);
  const direction = directionOf(item, scope?.owner ?? null);
  const label =
    direction === 'unknown'
      ? messages.between
      : direction === 'outgoing'
        ? format(messages.to, { name: nameOf(item.recipientSessionId, scope, messages) })
        : format(messages.from, { name: nameOf(item.senderSessionId, scope, messages) });
  // The content as the agent message it reads like; kept while the item is, so Message's memo holds.
  const message = useMemo<AgentMessageItem>(
    () => ({ id: item.id, kind: 'agent_message', messageId: item.messageId, content: item.content, text: item.text, _meta: item._meta }),
    [item],
  );
  return (
    <div className="acp-session-message" data-slot="session-message" data-direction={direction}>
      {/* Shown for sighted users; the article below carries the same words as its name. */}
      <p className="acp-session-message__direction" data-slot="session-message-direction" aria-hidden="true">
        {label}
      </p>
      <Message
        item={message}
        streaming={streaming}
        allowRemoteImages={allowRemoteImages}
        onMentionOpen={onMentionOpen}
        data-role="session"
        aria-label={label}
      />
    </div>
  );
});

/**
 * Which view of the message this transcript holds. The participants say it once known; before
 * that (a chunk can come first), the reference each view gets to the other one does.
 */
export function directionOf(item: SessionMessageItem, owner: string | null): SessionMessageDirection {
  const { senderSessionId: sender, recipientSessionId: recipient } = item;
  if (owner !== null && (sender === owner || recipient === owner)) return sender === owner ? 'outgoing' : 'incoming';
  if (item.recipientMessageId !== null) return 'outgoing';
  if (item.senderMessageId !== null) return 'incoming';
  return 'unknown';
}

function nameOf(sessionId: string | null, scope: SessionMessageScope | null, messages: SessionMessageMessages): string {
  if (sessionId === null || scope === null) return messages.other;
  if (sessionId === scope.parent) return messages.parent;
  const title = scope.titles.get(sessionId);
  if (title === undefined) return messages.other;
  return title?.trim() || messages.untitled;
}
