import type { ThreadItem } from '../../core/types.js';
import { fullJson } from '../shared/json-display.js';

/** What "copy the raw text" gives for an item that could not be displayed: its text, or its JSON. */
export function itemRawText(item: ThreadItem): string {
  if ((item.kind === 'agent_message' || item.kind === 'user_message' || item.kind === 'thought' || item.kind === 'session_message') && item.text !== '')
    return item.text;
  return fullJson(item);
}
