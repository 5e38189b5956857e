import type { Meta, StoryObj } from '@storybook/react-vite';
import { Markdown } from '../src/components/Markdown/index.js';
import { TerminalOutput } from '../src/components/TerminalOutput/index.js';
import { ToolCall } from '../src/components/ToolCall/index.js';
import { PartErrorLoaded as PartError } from '../src/components/shared/PartErrorLoaded.js';
import { TOOL_OUTPUT_LIMIT } from '../src/components/shared/budgets.js';
import type { TerminalState, ToolCallItem } from '../src/core/types.js';

/**
 * What the components show when agent output is past their budgets (README, "Budgets"): nesting
 * flattened, marks parsed in parts, huge tables in groups, oversized blocks as plain text, long
 * tool output and terminals cut with the whole text to copy or download, and a part that failed
 * to render.
 */
const meta = {
  title: 'Budgets/Over budget',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const deepMarkdown = [
  '### Quotes nested 200 levels',
  `${'> '.repeat(200)}the bottom`,
  '### Thousands of unmatched marks',
  `Start ${'*a_ '.repeat(1200)}end.`,
  '### A table of 300 rows',
  ['| # | name | state |', '|--:|---|---|', ...Array.from({ length: 300 }, (_, i) => `| ${i} | row ${i} | ${i % 2 ? 'open' : '**done**'} |`)].join('\n'),
].join('\n\n');

export const MarkdownOverBudget: Story = {
  render: () => <Markdown text={deepMarkdown} />,
};

export const QuoteTooLargeToFormat: Story = {
  render: () => <Markdown text={Array.from({ length: 400 }, (_, i) => `> quoted line ${i} with **bold** text`).join('\n')} />,
};

let deep: unknown = 'bottom';
for (let i = 0; i < 2000; i++) deep = [deep];
const bigOutput: ToolCallItem = {
  id: 'tc',
  kind: 'tool_call',
  toolCallId: 'tc',
  title: 'Read a very large log',
  name: null,
  toolKind: 'read',
  status: 'completed',
  content: [{ type: 'content', content: { type: 'text', text: `${'log line with some words\n'.repeat(Math.ceil(TOOL_OUTPUT_LIMIT / 25) + 400)}` } }],
  locations: [],
  rawInput: { nested: deep },
  rawOutput: null,
  createdByUpdate: false,
};

export const ToolOutputOverBudget: Story = {
  render: () => <ToolCall toolCall={bigOutput} open />,
};

const flood: TerminalState = {
  terminalId: 'term-flood',
  sessionId: 'sess-1',
  command: 'yes',
  args: [],
  cwd: '/workspace',
  output: `${Array.from({ length: 1500 }, (_, i) => `\u001b[3${i % 8}m[${i}]\u001b[0m y`).join('\n')}\n${'z'.repeat(12_000)}\n`,
  truncated: true,
  exitStatus: { exitCode: null, signal: 'SIGTERM' },
  released: true,
};

export const TerminalOverBudget: Story = {
  render: () => <TerminalOutput terminal={flood} />,
};

export const PartThatFailed: Story = {
  render: () => <PartError error={new RangeError('Maximum call stack size exceeded')} rawText={() => '> > > > the raw text of the part'} />,
};
