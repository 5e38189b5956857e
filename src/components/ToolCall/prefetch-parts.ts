/**
 * Starts fetching the on-demand parts a tool call is likely to show, when the card first
 * appears: an edit's diff and a command's terminal arrive as content a moment later, and a
 * permission request usually follows the call (its prompt comes with the conversation chunk,
 * already there when the card is in a thread). Each module is fetched once per page; a failure
 * here is ignored because the part itself shows it (with Retry) if it is ever rendered.
 */
import type { ToolKind } from '../../core/types.js';
import { diffModule } from '../Diff/Diff.js';
import { conversationModule } from '../load-conversation.js';
import { terminalOutputModule } from '../TerminalOutput/TerminalOutput.js';

const ignore = () => {};

export function prefetchToolCallParts(kind: ToolKind): void {
  conversationModule.load().catch(ignore);
  if (kind === 'edit' || kind === 'delete' || kind === 'move') diffModule.load().catch(ignore);
  if (kind === 'execute') terminalOutputModule.load().catch(ignore);
}
