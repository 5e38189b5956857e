import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignInTerminalDialog } from '../src/components/SignInTerminal/index.js';
import type { TerminalSignIn } from '../src/core/api.js';

type Exit = { exitCode: number | null; signal: string | null };

/** A scripted login program: prints a prompt with colours, echoes what is typed, and ends as told. */
function scriptedSignIn(exit: Exit | null): TerminalSignIn {
  const listeners = new Set<(data: string) => void>();
  const screen = '\x1b[1mSign in to Example Agent\x1b[0m\r\nOpen \x1b[4mhttps://example.invalid/device\x1b[0m and enter the code shown there.\r\nCode: ';
  return {
    terminalId: 'story',
    onData(listener) {
      listener(screen);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write: (data) => listeners.forEach((listener) => listener(data === '\r' ? '\r\n' : data)),
    resize: () => {},
    kill: () => {},
    exit: exit ? Promise.resolve(exit) : new Promise<Exit>(() => {}),
    result: new Promise<void>(() => {}),
  };
}

function Story({ exit }: { exit: Exit | null }) {
  const signIn = useMemo(() => scriptedSignIn(exit), [exit]);
  return <SignInTerminalDialog signIn={signIn} methodName="Log in with the CLI" onClose={() => {}} />;
}

const meta = {
  title: 'Components/SignInTerminalDialog',
  component: Story,
  args: { exit: null },
} satisfies Meta<typeof Story>;
export default meta;
type StoryT = StoryObj<typeof meta>;

/** The program runs and waits for the code. */
export const Running: StoryT = {};
/** The program failed: its last words stay until the user closes the dialog. */
export const Failed: StoryT = { args: { exit: { exitCode: 2, signal: null } } };
