export { SignInTerminalDialog } from './SignInTerminalDialog.js';
export type { SignInTerminalDialogProps } from './SignInTerminalDialog.js';
export { signInTerminalMessages } from './messages.js';
export type { SignInTerminalMessages } from './messages.js';
