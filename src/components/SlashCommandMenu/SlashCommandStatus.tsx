/**
 * Announces the command list opening and its number of matches. Stays mounted (empty while
 * closed) so screen readers notice the change; the text field itself has no expanded state.
 */
import { forwardRef } from 'react';
import { cx, format, useLocale, useMessages } from '../shared/index.js';
import type { RootProps } from '../shared/root-props.js';
import { slashCommandMessages } from './messages.js';

/** @inline */
export interface SlashCommandStatusOwnProps {
  /** The command list is showing. */
  open: boolean;
  /** Its number of matches. */
  count: number;
  className?: string;
}

/** The status line's own props and the rest of its root `<div>`'s. */
export type SlashCommandStatusProps = RootProps<SlashCommandStatusOwnProps>;

export const SlashCommandStatus = /* @__PURE__ */ forwardRef<HTMLDivElement, SlashCommandStatusProps>(function SlashCommandStatus(
  { open, count, className, ...rest },
  ref,
) {
  const messages = useMessages('slashCommands', slashCommandMessages);
  const locale = useLocale();
  const template = new Intl.PluralRules(locale).select(count) === 'one' ? messages.status_one : messages.status_other;
  return (
    <div role="status" data-slot="slash-command-status" {...rest} ref={ref} className={cx('acp-slash-command-status', 'acp-visually-hidden', className)}>
      {open ? format(template, { count }) : ''}
    </div>
  );
});
SlashCommandStatus.displayName = 'SlashCommandStatus';
