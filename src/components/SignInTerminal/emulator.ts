/**
 * The terminal emulator of the sign-in dialog: xterm.js with its fit addon, fetched only when a
 * terminal sign-in starts (it is most of the dialog's weight). It shows the program's output as
 * it streams, sends keystrokes and size changes back, and lets Escape through to the dialog, so
 * the keyboard can always leave it.
 */
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import type { TerminalSignIn } from '../../core/api.js';
import { adoptXtermSheet, openWithConstructedStyles } from './xterm-sheet.js';

export function mountEmulator(element: HTMLElement, signIn: TerminalSignIn, label: string): () => void {
  adoptXtermSheet(element);
  const styles = getComputedStyle(element);
  const token = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  const terminal = new Terminal({
    cursorBlink: true,
    fontFamily: token('--acp-font-mono', 'monospace'),
    fontSize: 13,
    scrollback: 2000,
    // The terminal's own colours, from the computed ones of its box (the tokens resolve per theme).
    theme: { background: styles.backgroundColor || '#000', foreground: styles.color || '#fff', cursor: styles.color || '#fff' },
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  const releaseStyles = openWithConstructedStyles(element, () => terminal.open(element));
  terminal.textarea?.setAttribute('aria-label', label);
  // Escape closes the dialog (and stops the program) instead of reaching the program.
  terminal.attachCustomKeyEventHandler((event) => event.key !== 'Escape');
  const fitNow = () => {
    try {
      fit.fit();
    } catch {
      // Not laid out (hidden): the next resize fits it.
    }
  };
  fitNow();
  signIn.resize(terminal.cols, terminal.rows);
  const offOutput = signIn.onData((data) => terminal.write(data));
  const input = terminal.onData((data) => signIn.write(data));
  const resize = terminal.onResize(({ cols, rows }) => signIn.resize(cols, rows));
  const observer = new ResizeObserver(fitNow);
  observer.observe(element);
  terminal.focus();
  return () => {
    observer.disconnect();
    offOutput();
    input.dispose();
    resize.dispose();
    terminal.dispose();
    releaseStyles();
  };
}
