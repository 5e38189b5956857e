import { memo, type ReactNode } from 'react';
import type { ThreadItem } from '../../core/types.js';
import { ElicitationForm } from '../ElicitationForm/index.js';
import { Message } from '../Message/index.js';
import { PermissionPrompt } from '../PermissionPrompt/index.js';
import { useMessages } from '../shared/index.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import { SessionMessage } from '../SessionMessage/SessionMessage.js';
import { Thought } from '../Thought/index.js';
import { ToolCall } from '../ToolCall/index.js';
import { ToolCallPlaceholder } from '../ToolCall/ToolCallPlaceholder.js';
import { CompactionMarker } from './CompactionMarker.js';
import { itemRawText } from './item-raw-text.js';
import { sameItemProps, type ItemViewProps } from './item-props.js';
import { threadMessages, type ThreadMessages } from './messages.js';
import { NoticeBanner } from './NoticeBanner.js';
import { UnsupportedNotice } from './UnsupportedNotice.js';
import { useMountInSlices } from '../shared/use-mount-in-slices.js';

/**
 * One thread item, memoized: a streaming chunk replaces one item object in the store and keeps
 * every other item's identity, so only the item that changed renders again.
 */
export const ThreadItemView = /* @__PURE__ */ memo(function ThreadItemView(props: ItemViewProps) {
  const { item } = props;
  // Whatever the agent sent (or a host's renderItem does), a failure stays inside this item: the
  // rest of the thread, the prompt and the session go on.
  return (
    <PartBoundary resetKey={item} rawText={() => itemRawText(item)} frame={(fallback) => <ItemFrame kind={item.kind}>{fallback}</ItemFrame>}>
      <ItemBody {...props} />
    </PartBoundary>
  );
}, sameItemProps);

function ItemFrame({ kind, children }: { kind: ThreadItem['kind']; children: ReactNode }) {
  return (
    <div className="acp-thread__item" data-slot="thread-item" data-kind={kind}>
      {children}
    </div>
  );
}

function ItemBody(props: ItemViewProps) {
  const messages = useMessages('thread', threadMessages);
  if (props.item.kind === 'notice' && props.dismissed) return null;
  const view = defaultView(props, messages);
  const content = props.renderItem ? props.renderItem(props.item, { streaming: props.streaming, defaultView: view }) : view;
  if (content === null || content === undefined || content === false) return null;
  return <ItemFrame kind={props.item.kind}>{content}</ItemFrame>;
}

function defaultView(props: ItemViewProps, messages: ThreadMessages): ReactNode {
  const { item, streaming, actions, allowRemoteImages } = props;
  switch (item.kind) {
    case 'user_message':
    case 'agent_message':
      return <Message item={item} streaming={streaming} allowRemoteImages={allowRemoteImages} onMentionOpen={actions.openMention} />;
    case 'thought':
      return <Thought item={item} streaming={streaming} allowRemoteImages={allowRemoteImages} />;
    case 'tool_call':
      return <ToolCallInSlices {...props} item={item} />;
    case 'notice':
      return <NoticeBanner item={item} live={props.live} onDismiss={actions.dismissNotice} messages={messages} />;
    case 'compaction':
      return <CompactionMarker item={item} messages={messages} />;
    case 'unsupported':
      return <UnsupportedNotice item={item} messages={messages} />;
    case 'session_message':
      return <SessionMessage item={item} streaming={streaming} allowRemoteImages={allowRemoteImages} onMentionOpen={actions.openMention} />;
    default:
      return null;
  }
}

/**
 * A tool call card, mounted in slices (see use-mount-in-slices.ts): an agent can start a hundred
 * tool calls at once. Until its turn the card is a frame with its title (and room for the
 * permission prompt it carries), so the log keeps about its size.
 */
function ToolCallInSlices(props: ItemViewProps & { item: Extract<ThreadItem, { kind: 'tool_call' }> }) {
  const { item, actions } = props;
  const mounted = useMountInSlices();
  if (!mounted) return <ToolCallPlaceholder title={item.title} permission={Boolean(props.permission)} />;
  return (
    <ToolCall
      toolCall={item}
      terminals={props.terminals}
      cwd={props.cwd}
      onOpenLocation={actions.openLocation}
      permissionSlot={
        props.permission ? (
          // The card already shows the title, kind and files.
          <PermissionPrompt request={props.permission} onRespond={actions.respondPermission} showToolCall={false} />
        ) : null
      }
      elicitationSlot={props.elicitation ? <ElicitationForm elicitation={props.elicitation} onRespond={actions.respondElicitation} /> : null}
    />
  );
}
