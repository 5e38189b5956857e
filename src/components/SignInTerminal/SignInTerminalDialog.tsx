/**
 * The public `SignInTerminalDialog`: needed only while a terminal sign-in runs, so its code is
 * fetched then (and its emulator, xterm.js, later still, from inside it). Until it has loaded it
 * renders nothing: the dialog opens a moment later, with focus moved into it.
 */
import { forwardRef } from 'react';
import { lazyModule } from '../shared/index.js';
import { onDemandComponent } from '../shared/on-demand-component.js';
import type { SignInTerminalDialogProps } from './SignInTerminalDialogLoaded.js';

export type { SignInTerminalDialogProps };

export const signInTerminalDialogModule = /* @__PURE__ */ lazyModule(() => import('./SignInTerminalDialogLoaded.js').then((m) => m.SignInTerminalDialogLoaded));

// Takes the host's ref (and drops it: there is no element yet) so React 18 does not warn about a ref given to a function.
const NotYet = /* @__PURE__ */ forwardRef<HTMLDialogElement, object>(function NotYet() {
  return null;
});

export const SignInTerminalDialog = /* @__PURE__ */ onDemandComponent('SignInTerminalDialog', signInTerminalDialogModule, (loaded) => loaded, NotYet);
