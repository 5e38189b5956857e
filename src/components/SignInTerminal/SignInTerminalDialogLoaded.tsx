import { forwardRef, useEffect, useId, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import type { TerminalSignIn } from '../../core/api.js';
import { cx, format, useMessages } from '../shared/index.js';
import { composeHandlers, useComposedRefs } from '../shared/root-props.js';
import { signInTerminalMessages } from './messages.js';

export interface SignInTerminalDialogProps extends Omit<ComponentPropsWithoutRef<'dialog'>, 'children' | 'onClose' | 'open'> {
  /** The running sign-in (`authenticateInTerminal`). */
  signIn: TerminalSignIn;
  /** The method's name, for the title. */
  methodName: string;
  /** Where focus goes when the dialog closes; default: what had it when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
  /**
   * The user closed the dialog (Escape or Close). The host stops the program if it still runs
   * (`signIn.kill()`: a login program that got a wrong code keeps asking) and unmounts the dialog.
   */
  onClose: () => void;
}

type Phase = 'loading' | 'running' | 'signing_in' | 'ended' | 'failed';

/**
 * A modal dialog with an interactive terminal running an agent's `terminal` sign-in method
 * through acp-react-bridge. Focus moves into it when it opens (into the terminal once the
 * emulator has loaded) and back where it was when it closes; Escape closes it from anywhere,
 * the terminal included. The emulator (xterm.js) is fetched when the dialog first opens.
 */
export const SignInTerminalDialogLoaded = /* @__PURE__ */ forwardRef<HTMLDialogElement, SignInTerminalDialogProps>(function SignInTerminalDialog(
  { signIn, methodName, returnFocusTo, onClose, className, onCancel, ...rest },
  ref,
) {
  const messages = useMessages('signInTerminal', signInTerminalMessages);
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement | null>(null);
  const rootRef = useComposedRefs(dialogRef, ref);
  const screenRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [detail, setDetail] = useState('');
  // Read when the emulator mounts; a change of strings must not restart the terminal.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  // Modal while mounted; focus goes back to what had it before (the sign-in button) on unmount.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = returnFocusTo ?? (dialog.ownerDocument.activeElement as HTMLElement | null);
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog: where focus was when it opened
  }, []);

  useEffect(() => {
    let disposed = false;
    let unmount: (() => void) | undefined;
    import('./emulator.js').then(
      ({ mountEmulator }) => {
        if (disposed || !screenRef.current) return;
        unmount = mountEmulator(screenRef.current, signIn, messagesRef.current.terminal_label);
        setPhase((p) => (p === 'loading' ? 'running' : p));
      },
      (error: unknown) => {
        if (disposed) return;
        setPhase('failed');
        setDetail(error instanceof Error ? error.message : String(error));
      },
    );
    void signIn.exit.then((status) => {
      if (disposed) return;
      setPhase(status.exitCode === 0 ? 'signing_in' : 'ended');
      const strings = messagesRef.current;
      setDetail(status.signal ? format(strings.stopped, { signal: status.signal }) : format(strings.ended, { status: String(status.exitCode) }));
    });
    return () => {
      disposed = true;
      unmount?.();
    };
  }, [signIn]);

  const status =
    phase === 'loading'
      ? messages.loading
      : phase === 'running'
        ? messages.running
        : phase === 'signing_in'
          ? messages.signing_in
          : phase === 'failed'
            ? format(messages.load_failed, { message: detail })
            : detail;

  return (
    <dialog
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-state={phase}
      {...rest}
      ref={rootRef}
      className={cx('acp-sign-in-terminal', className)}
      // Escape: the browser's cancel. The host decides when the dialog goes (it unmounts it).
      onCancel={composeHandlers(onCancel, (event) => {
        event.preventDefault();
        onClose();
      })}
    >
      <div className="acp-sign-in-terminal__header" data-slot="sign-in-terminal-header">
        <h2 id={titleId} className="acp-sign-in-terminal__title">
          {format(messages.title, { method: methodName })}
        </h2>
        <button type="button" className="acp-button" data-variant="ghost" data-slot="sign-in-terminal-close" onClick={onClose}>
          {messages.close}
        </button>
      </div>
      <p id={descriptionId} className="acp-sign-in-terminal__description">
        {messages.description}
      </p>
      <div ref={screenRef} className="acp-sign-in-terminal__screen" data-slot="sign-in-terminal-screen" />
      <p className="acp-sign-in-terminal__status" role="status" data-slot="sign-in-terminal-status">
        {status}
      </p>
    </dialog>
  );
});
