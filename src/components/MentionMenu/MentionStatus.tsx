/**
 * Announces the `@` menu's state politely: how many items match, that it is searching, that
 * nothing matched, or that the source failed. Stays mounted (empty while closed) so screen
 * readers notice each change.
 */
import type { MentionSearchState } from '../../core/mentions/search.js';
import { format, useLocale, useMessages } from '../shared/index.js';
import { mentionMessages } from './messages.js';

export function MentionStatus({ open, search, count, query }: { open: boolean; search: MentionSearchState; count: number; query: string }) {
  const t = useMessages('mentions', mentionMessages);
  const locale = useLocale();
  let text = '';
  if (open) {
    if (search.status === 'error') text = format(t.error, { message: search.message });
    else if (count > 0) text = format(new Intl.PluralRules(locale).select(count) === 'one' ? t.status_one : t.status_other, { count });
    else if (search.status === 'ready') text = query ? format(t.empty, { query }) : t.empty_all;
    else text = t.loading;
  }
  return (
    <div role="status" className="acp-visually-hidden" data-slot="mention-status">
      {text}
    </div>
  );
}
