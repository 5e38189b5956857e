import { forwardRef } from 'react';
import { cx, format, useMessages } from '../shared/index.js';
import { composeHandlers, type RootProps } from '../shared/root-props.js';
import { CheckIcon, CopyIcon } from './icons.js';
import { codeBlockMessages } from './messages.js';
import { useCopy } from './use-copy.js';

/** @inline */
export interface CopyButtonOwnProps {
  /** The text to copy, or a function that returns it (read at click time). */
  text: string | (() => string);
  /** What is copied, for the accessible name: "Copy {label} code" by default. */
  label: string;
  /** Full accessible name when idle, overriding the `copy_label` template. */
  accessibleName?: string;
  /** Selected instead when the clipboard cannot be written. */
  fallbackTarget?: () => Element | null;
  /** Called after the text reached the clipboard. */
  onCopied?: (text: string) => void;
  className?: string;
}

/** The copy button's own props and the rest of its `<button>`'s (a host's `onClick` runs first). */
export type CopyButtonProps = RootProps<CopyButtonOwnProps, 'button'>;

/** A copy button that says what happened: Copied, Selected (fallback) or Copy failed. */
export const CopyButton = /* @__PURE__ */ forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  { text, label, accessibleName, fallbackTarget, onCopied, className, onClick: hostOnClick, ...rest },
  ref,
) {
  const messages = useMessages('codeBlock', codeBlockMessages);
  const { state, copy } = useCopy(fallbackTarget);
  const visible =
    state === 'copied' ? messages.copied : state === 'selected' ? messages.copy_selected : state === 'failed' ? messages.copy_failed : messages.copy;
  const name = state === 'idle' ? (accessibleName ?? format(messages.copy_label, { label })) : visible;

  const copyText = async () => {
    const value = typeof text === 'function' ? text() : text;
    if (await copy(value)) onCopied?.(value);
  };

  return (
    <>
      <button
        type="button"
        data-variant="ghost"
        data-slot="copy-button"
        data-state={state}
        aria-label={name}
        {...rest}
        ref={ref}
        className={cx('acp-button', 'acp-copy-button', className)}
        onClick={composeHandlers(hostOnClick, () => void copyText())}
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
        <span data-slot="copy-button-text">{visible}</span>
      </button>
      <span className="acp-visually-hidden" role="status">
        {state === 'copied' ? messages.copied_announcement : ''}
      </span>
    </>
  );
});
CopyButton.displayName = 'CopyButton';
