/**
 * What the `@` menu's live region says: how many items match, that it is searching, that nothing
 * matched, or that the source failed; nothing while closed. PromptInput keeps the region itself
 * mounted so screen readers notice each change.
 */
import type { MentionSearchState } from '../../core/mentions/search.js';
import { format } from '../shared/index.js';
import type { MentionMessages } from './messages.js';

export function mentionStatusText(
  t: MentionMessages,
  locale: string | undefined,
  open: boolean,
  search: MentionSearchState,
  count: number,
  query: string,
): string {
  if (!open) return '';
  if (search.status === 'error') return format(t.error, { message: search.message });
  if (count > 0) return format(new Intl.PluralRules(locale).select(count) === 'one' ? t.status_one : t.status_other, { count });
  if (search.status === 'ready') return query ? format(t.empty, { query }) : t.empty_all;
  return t.loading;
}
