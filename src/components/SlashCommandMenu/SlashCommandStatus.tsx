/**
 * Announces the command list opening and its number of matches. Stays mounted (empty while
 * closed) so screen readers notice the change; the text field itself has no expanded state.
 */
import { format, useLocale, useMessages } from '../shared/index.js';
import { slashCommandMessages } from './messages.js';

export function SlashCommandStatus({ open, count }: { open: boolean; count: number }) {
  const messages = useMessages('slashCommands', slashCommandMessages);
  const locale = useLocale();
  const template = new Intl.PluralRules(locale).select(count) === 'one' ? messages.status_one : messages.status_other;
  return (
    <div role="status" className="acp-visually-hidden" data-slot="slash-command-status">
      {open ? format(template, { count }) : ''}
    </div>
  );
}
