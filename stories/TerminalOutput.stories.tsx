import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { TerminalOutput } from '../src/components/TerminalOutput/index.js';
import { TerminalFallback } from '../src/components/TerminalOutput/TerminalOutput.js';
import type { TerminalState } from '../src/core/types.js';

const base: TerminalState = {
  terminalId: 'term-1',
  sessionId: 'sess-1',
  command: 'npm',
  args: ['test'],
  cwd: '/workspace/demo',
  output:
    '\x1b[1m> demo@1.0.0 test\x1b[22m\n> vitest run\n\n' +
    ' \x1b[32m✓\x1b[39m src/config.test.ts \x1b[2m(4 tests)\x1b[22m 12ms\n' +
    ' \x1b[32m✓\x1b[39m src/db.test.ts \x1b[2m(7 tests)\x1b[22m 31ms\n\n' +
    ' \x1b[1mTest Files\x1b[22m  \x1b[1;32m2 passed\x1b[0m (2)\n' +
    '      \x1b[1mTests\x1b[22m  \x1b[1;32m11 passed\x1b[0m (11)\n',
  truncated: false,
  exitStatus: { exitCode: 0, signal: null },
  released: false,
};

const failing =
  ' \x1b[31m❯\x1b[39m src/db.test.ts \x1b[2m(7 tests | \x1b[22m\x1b[31m1 failed\x1b[39m\x1b[2m)\x1b[22m\n' +
  '   \x1b[31m×\x1b[39m connects with ssl\n\n' +
  '\x1b[41m\x1b[1m FAIL \x1b[22m\x1b[49m src/db.test.ts > connects with ssl\n' +
  '\x1b[31mAssertionError: expected false to be true\x1b[39m\n' +
  '\x1b[90m  at src/db.test.ts:42:18\x1b[39m\n';

const palette = [
  ['30', 'black'],
  ['31', 'red'],
  ['32', 'green'],
  ['33', 'yellow'],
  ['34', 'blue'],
  ['35', 'magenta'],
  ['36', 'cyan'],
  ['37', 'white'],
]
  .map(([code, name]) => `\x1b[${code}m${name.padEnd(8)}\x1b[0m \x1b[${Number(code) + 60}mbright ${name}\x1b[0m`)
  .join('\n');

const styles =
  '\x1b[1mbold\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4munderline\x1b[0m \x1b[9mstrike\x1b[0m \x1b[7mreverse\x1b[0m\n' +
  '\x1b[42m green background \x1b[0m \x1b[43m yellow background \x1b[0m \x1b[44m blue background \x1b[0m\n' +
  '\x1b[38;5;208m256-colour orange\x1b[0m \x1b[38;2;200;60;160mtrue-colour pink\x1b[0m \x1b[38;5;245mgrey\x1b[0m\n' +
  'progress 10%\rprogress 55%\rprogress 100%\n';

const meta = {
  title: 'Components/TerminalOutput',
  component: TerminalOutput,
  args: { terminal: base },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof TerminalOutput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};

/** Before the ANSI renderer has been fetched (the first terminal on a page): plain text, same frame. */
export const WhileLoading: Story = {
  render: (args) => <TerminalFallback {...args} state={{ error: undefined, retry: () => {} }} />,
};

/** The renderer's chunk could not be fetched: the output stays readable, with Retry. */
export const LoadFailed: Story = {
  args: { terminal: { ...base, output: failing, exitStatus: { exitCode: 1, signal: null } } },
  render: (args) => <TerminalFallback {...args} state={{ error: new Error('Failed to fetch dynamically imported module'), retry: () => {} }} />,
};

export const Running: Story = {
  args: { terminal: { ...base, output: base.output.split('\n').slice(0, 4).join('\n'), exitStatus: null } },
};

export const Failure: Story = {
  args: { terminal: { ...base, output: failing, exitStatus: { exitCode: 1, signal: null } } },
};

export const KilledBySignal: Story = {
  args: {
    terminal: {
      ...base,
      command: 'npm',
      args: ['run', 'dev'],
      output: 'VITE v8.3.8  ready in 312 ms\n\n  ➜  Local:   http://localhost:5173/\n',
      exitStatus: { exitCode: null, signal: 'SIGTERM' },
    },
  },
};

/** The client cut the start of the output at `outputByteLimit`. */
export const Truncated: Story = {
  args: {
    terminal: {
      ...base,
      output: Array.from({ length: 30 }, (_, i) => `chunk ${i + 971}: wrote 64 KiB`).join('\n') + '\n',
      truncated: true,
    },
  },
};

/** `terminal/release` invalidates the id but the card keeps the output. */
export const Released: Story = {
  args: { terminal: { ...base, released: true } },
};

export const ReleasedWhileRunning: Story = {
  args: { terminal: { ...base, output: 'watching for changes...\n', exitStatus: null, released: true } },
};

export const Empty: Story = {
  args: { terminal: { ...base, command: 'sleep', args: ['30'], output: '', exitStatus: null } },
};

export const ColoursAndStyles: Story = {
  args: { terminal: { ...base, command: 'printf', args: ['%s', 'palette'], output: `${palette}\n${styles}` } },
};

/** 5,000 lines: only the last 1,000 are mounted until "Show all". */
export const LongOutput: Story = {
  args: {
    terminal: {
      ...base,
      command: 'find',
      args: ['.', '-name', '*.ts'],
      output: Array.from({ length: 5000 }, (_, i) => `./packages/pkg-${i % 40}/src/file-${i}.ts`).join('\n') + '\n',
    },
  },
};

/** HTML and escape sequences that are not colours are never interpreted. */
export const HostileOutput: Story = {
  args: {
    terminal: {
      ...base,
      command: 'cat',
      args: ['<script>alert(1)</script>.html'],
      output:
        '<script>alert("xss")</script>\n<img src=x onerror="alert(2)">\n' +
        '\x1b]0;evil title\x07\x1b]8;;javascript:alert(3)\x07a hyperlink\x1b]8;;\x07\n' +
        '\x1b[2J\x1b[Hscreen-clear ignored \x1b[31m<b>red, not bold</b>\x1b[0m\n',
      exitStatus: { exitCode: 0, signal: null },
    },
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <TerminalOutput terminal={{ ...base, command: 'printf', args: ['palette'], output: `${palette}\n${styles}` }} />
      <TerminalOutput terminal={{ ...base, output: failing, exitStatus: { exitCode: 1, signal: null } }} />
      <TerminalOutput terminal={{ ...base, output: 'building...\n', exitStatus: null, truncated: true }} />
    </div>
  ),
};

/** Streams a line every 100 ms; scroll up to stop following, back down to resume. */
function Streaming() {
  const [count, setCount] = useState(0);
  const total = 80;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((n) => n + 1), 100);
    return () => clearTimeout(timer);
  }, [count]);
  const output = Array.from({ length: count }, (_, i) => `\x1b[2m[${String(i).padStart(3, '0')}]\x1b[22m compiled \x1b[36mmodule-${i}\x1b[0m`).join('\n');
  return (
    <TerminalOutput terminal={{ ...base, command: 'npm', args: ['run', 'build'], output, exitStatus: count >= total ? { exitCode: 0, signal: null } : null }} />
  );
}

export const LiveStreaming: Story = {
  render: () => <Streaming />,
};
