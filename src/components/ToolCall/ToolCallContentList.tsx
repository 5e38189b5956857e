import type { TerminalState, ToolCallContent } from '../../core/types.js';
import { Diff, isDeletedDiff } from '../Diff/index.js';
import { TerminalOutput } from '../TerminalOutput/index.js';
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
    <div className="acp-tool-call__content" data-slot="content">
      {content.map((item, i) => {
        switch (item.type) {
          case 'content':
            return <ToolContentBlock key={i} block={item.content} messages={messages} />;
          case 'diff':
            return (
              <Diff key={i} path={item.path} oldText={item.oldText} newText={item.newText} deleted={isDeletedDiff(item)} />
            );
          case 'terminal': {
            const terminal = terminals?.[item.terminalId];
            return terminal ? (
              <TerminalOutput key={i} terminal={terminal} />
            ) : (
              <p key={i} className="acp-tool-call__note" data-slot="terminal-missing">
                {messages.terminal_unavailable}
              </p>
            );
          }
          default:
            return <UnsupportedContent key={i} value={item} messages={messages} />;
        }
      })}
    </div>
  );
}
