import { useCallback, useEffect, useRef, useState } from 'react';
import type { TerminalSignIn } from '../../core/api.js';
import type { AcpActions } from '../../core/api.js';
import { SignInTerminalDialog, signInTerminalDialogModule } from '../../components/SignInTerminal/SignInTerminalDialog.js';
import { deepActiveElement } from '../../components/shared/root-node.js';

interface Running {
  signIn: TerminalSignIn;
  methodName: string;
  /** What had focus when the user asked (the sign-in button), to return to. */
  opener: HTMLElement | null;
}

/**
 * The panel's terminal sign-in: starts a `terminal` method through the bridge and shows its
 * dialog. The dialog goes away by itself once the program ended well and the client has signed
 * in (or failed to: the auth panel says why); after a failed program it stays, with the program's
 * last words, until the user closes it. Closing it stops the program.
 */
export function useTerminalSignIn(actions: Pick<AcpActions, 'authenticateInTerminal'>) {
  const [running, setRunning] = useState<Running | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const start = useCallback(
    (methodId: string, methodName: string) => {
      // Fetched while the bridge starts the program.
      void signInTerminalDialogModule.load().catch(() => {});
      const active = typeof document === 'undefined' ? null : deepActiveElement();
      const opener = active instanceof HTMLElement ? active : null;
      actions.authenticateInTerminal(methodId).then(
        (signIn) => {
          if (!live.current) return signIn.kill();
          setRunning({ signIn, methodName, opener });
          void signIn.exit.then((status) => {
            if (status.exitCode !== 0) return;
            const done = () => setRunning((current) => (current?.signIn === signIn ? null : current));
            signIn.result.then(done, done);
          });
        },
        // The auth panel shows the error (it is in the snapshot).
        () => {},
      );
    },
    [actions],
  );

  const close = useCallback(() => {
    setRunning((current) => {
      current?.signIn.kill();
      return null;
    });
  }, []);

  return { running, start, close };
}

/** The dialog of a running terminal sign-in. */
export function TerminalSignInDialog({ running, onClose }: { running: Running; onClose: () => void }) {
  return <SignInTerminalDialog signIn={running.signIn} methodName={running.methodName} returnFocusTo={running.opener} onClose={onClose} />;
}
