import { forwardRef, memo, useMemo } from 'react';
import type { MentionRef } from '../../core/mentions/types.js';
import type { AgentMessageItem, UserMessageItem } from '../../core/types.js';
import { CopyButton } from '../CodeBlock/index.js';
import { Markdown } from '../Markdown/index.js';
import { cx, useMessages } from '../shared/index.js';
import { MESSAGE_TEXT_LIMIT } from '../shared/budgets.js';
import { fullJson } from '../shared/json-display.js';
import { CutNote } from '../shared/on-demand-notes.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { BlockView } from './BlockView.js';
import { segmentContent } from './content.js';
import { messageMessages } from './messages.js';
import type { RootProps } from '../shared/root-props.js';

/** @inline */
export interface MessageOwnProps {
  item: AgentMessageItem | UserMessageItem;
  /** The message is still receiving chunks. */
  streaming?: boolean;
  /** Called with the message text after the copy action put it on the clipboard. */
  onCopy?: (text: string) => void;
  /** Load `http(s)` images in markdown without asking first. Off by default. */
  allowRemoteImages?: boolean;
  /**
   * How the user's own text renders: as typed (default, whitespace kept) or as markdown.
   * Safety is the same either way. Agent text is always markdown.
   */
  userText?: 'plain' | 'markdown';
  /** A mention chip in the message was clicked: show the thing (open the file, focus the cell). */
  onMentionOpen?: (mention: MentionRef) => void;
  className?: string;
}

/** The message's own props and the rest of its root `<article>`'s. */
export type MessageProps = RootProps<MessageOwnProps, 'article'>;

/**
 * One chat message, agent or user. Text renders as markdown (streaming-safe); images, audio,
 * file links, embedded files and unknown blocks each get their own safe view. Blocks addressed
 * to the assistant only are hidden.
 */
export const Message = /* @__PURE__ */ memo(
  /* @__PURE__ */ forwardRef<HTMLElement, MessageProps>(function Message(
    { item, streaming = false, onCopy, allowRemoteImages = false, userText = 'plain', onMentionOpen, className, ...rest },
    ref,
  ) {
    const messages = useMessages('message', messageMessages);
    const isUser = item.kind === 'user_message';
    const segments = useMemo(() => segmentContent(item.content, item.text), [item.content, item.text]);
    const lastText = segments.findLastIndex((segment) => segment.kind === 'text');
    const [first] = segments;
    const empty = first === undefined || (segments.length === 1 && first.kind === 'text' && first.text === '');

    return (
      <article
        data-slot="message"
        data-role={isUser ? 'user' : 'agent'}
        data-state={streaming ? 'streaming' : 'done'}
        aria-label={isUser ? messages.user_message : messages.agent_message}
        aria-busy={streaming || undefined}
        {...rest}
        ref={ref}
        className={cx('acp-message', className)}
      >
        <div className="acp-message__body" data-slot="message-body">
          {empty ? (
            streaming ? (
              <span className="acp-message__pending" data-slot="message-pending">
                <span className="acp-message__dot" />
                <span className="acp-message__dot" />
                <span className="acp-message__dot" />
                <span className="acp-visually-hidden">{messages.responding}</span>
              </span>
            ) : (
              <p className="acp-message__empty" data-slot="message-empty">
                {messages.empty}
              </p>
            )
          ) : (
            segments.map((segment, index) =>
              segment.kind === 'text' ? (
                isUser && userText === 'plain' ? (
                  <PlainText key={segment.key} text={segment.text} />
                ) : (
                  <Markdown key={segment.key} text={segment.text} streaming={streaming && index === lastText} allowRemoteImages={allowRemoteImages} />
                )
              ) : (
                <PartBoundary key={segment.key} resetKey={segment.block} rawText={() => fullJson(segment.block)}>
                  <BlockView block={segment.block} messages={messages} onMentionOpen={onMentionOpen} />
                </PartBoundary>
              ),
            )
          )}
        </div>
        {!streaming && item.text.trim() !== '' ? (
          <div className="acp-message__actions" data-slot="message-actions">
            <CopyButton text={item.text} label={messages.copy_message} accessibleName={messages.copy_message} onCopied={onCopy} />
          </div>
        ) : null}
      </article>
    );
  }),
);
Message.displayName = 'Message';

/** The user's text as typed, within the message budget (a replayed "user" chunk comes from the agent). */
function PlainText({ text }: { text: string }) {
  const cut = text.length > MESSAGE_TEXT_LIMIT;
  return (
    <>
      <div className="acp-message__plain" data-slot="message-text">
        {cut ? text.slice(0, MESSAGE_TEXT_LIMIT) : text}
      </div>
      {cut && <CutNote shown={MESSAGE_TEXT_LIMIT} total={text.length} fullText={() => text} fileName="message.txt" />}
    </>
  );
}
