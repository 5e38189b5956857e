import type { TerminalState, ToolCallContent } from '../../core/types.js';
import { isV2Diff } from '../../core/changes/diff-shape.js';
import { Diff, isDeletedDiff, PatchDiffs } from '../Diff/index.js';
import { TerminalOutput } from '../TerminalOutput/index.js';
import { fullJson } from '../shared/json-display.js';
import { PartBoundary } from '../shared/PartBoundary.js';
import type { ToolCallMessages } from './messages.js';
import { ToolContentBlock, UnsupportedContent } from './ToolContentBlock.js';

interface ToolCallContentListProps {
  content: ReadonlyArray<ToolCallContent>;
  terminals?: Readonly<Record<string, TerminalState>>;
  messages: ToolCallMessages;
}

/**
 * A tool call's `content` array in order. Items are keyed by position: an update replaces the
 * whole array, and position keeps a diff's chosen layout and a terminal's scroll across updates.
 */
export function ToolCallContentList({ content, terminals, messages }: ToolCallContentListProps) {
  if (content.length === 0) return null;
  return (
    <div className="acp-tool-call__content" data-slot="tool-call-content">
      {content.map((item, i) => (
        // One failing output (a diff, a terminal) leaves the card and its other outputs working.
        <PartBoundary key={i} resetKey={item} rawText={() => contentRawText(item)}>
          {contentView(item, terminals, messages)}
        </PartBoundary>
      ))}
    </div>
  );
}

function contentView(item: ToolCallContent, terminals: ToolCallContentListProps['terminals'], messages: ToolCallMessages) {
  switch (item.type) {
    case 'content':
      return <ToolContentBlock block={item.content} messages={messages} />;
    case 'diff':
      // ACP v2: `{ changes, patch }`, kept as the agent sent it.
      if (isV2Diff(item)) return <PatchDiffs content={item} />;
      return <Diff path={item.path} oldText={item.oldText} newText={item.newText} deleted={isDeletedDiff(item)} />;
    case 'terminal': {
      const terminal = terminals?.[item.terminalId];
      return terminal ? (
        <TerminalOutput terminal={terminal} />
      ) : (
        <p className="acp-tool-call__note" data-slot="tool-call-terminal-missing">
          {messages.terminal_unavailable}
        </p>
      );
    }
    default:
      return <UnsupportedContent value={item} messages={messages} />;
  }
}

/** A diff's new text, a text block's text, or the item's JSON. */
function contentRawText(item: ToolCallContent): string {
  if (isV2Diff(item)) return typeof item.patch?.text === 'string' ? item.patch.text : fullJson(item);
  if (item.type === 'diff') return item.newText;
  if (item.type === 'content' && item.content.type === 'text') return item.content.text;
  return fullJson(item);
}
