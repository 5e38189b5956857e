/**
 * What the `@` menu's live region says: how many items match, that it is searching, that nothing
 * matched, or that the source failed; nothing while closed. The region itself stays mounted in
 * PromptInput (see `MentionStatusOnDemand`) so screen readers notice each change.
 */
import type { MentionSearchState } from '../../core/mentions/search.js';
import { format, useLocale, useMessages } from '../shared/index.js';
import { mentionMessages } from './messages.js';

export interface MentionStatusProps {
  open: boolean;
  search: MentionSearchState;
  count: number;
  query: string;
}

export function MentionStatusText({ open, search, count, query }: MentionStatusProps) {
  const t = useMessages('mentions', mentionMessages);
  const locale = useLocale();
  if (!open) return null;
  if (search.status === 'error') return format(t.error, { message: search.message });
  if (count > 0) return format(new Intl.PluralRules(locale).select(count) === 'one' ? t.status_one : t.status_other, { count });
  if (search.status === 'ready') return query ? format(t.empty, { query }) : t.empty_all;
  return t.loading;
}
