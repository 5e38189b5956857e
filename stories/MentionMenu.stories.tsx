import type { Meta, StoryObj } from '@storybook/react-vite';
import { MentionMenu } from '../src/components/MentionMenu/index.js';
import { PromptInput } from '../src/components/PromptInput/index.js';
import { mentionMarkup, type MentionGroup, type MentionSource } from '../src/core/mentions/index.js';

const groups: MentionGroup[] = [
  {
    label: 'Cells',
    items: [
      { uri: 'notebook:///analysis.py#cell-1', label: 'Cell 1', kind: 'cell', detail: 'import pandas as pd' },
      { uri: 'notebook:///analysis.py#cell-2', label: 'Cell 2', kind: 'cell', detail: "df = pd.read_csv('sales.csv')" },
    ],
  },
  {
    label: 'Files',
    items: [
      { uri: 'file:///workspace/sales.csv', label: 'sales.csv', kind: 'file', detail: '/workspace/sales.csv' },
      { uri: 'file:///workspace/src/report.ts', label: 'report.ts', kind: 'file', detail: '/workspace/src/report.ts' },
    ],
  },
  { label: 'Symbols', items: [{ uri: 'file:///workspace/src/report.ts#L12', label: 'summarize', kind: 'symbol', detail: 'function summarize(rows: Row[])' }] },
];

const meta = {
  title: 'Components/MentionMenu',
  component: MentionMenu,
  args: {
    id: 'story-mentions',
    search: { status: 'ready', query: '', groups },
    query: '',
    activeIndex: 0,
    optionId: (i: number) => `story-mention-${i}`,
    onSelect: () => {},
  },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof MentionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Results in their groups (cells, files, symbols), each with its icon and a detail line. */
export const GroupedResults: Story = {};

export const ThirdActive: Story = { args: { activeIndex: 2 } };

/** The first search has not answered yet. */
export const Loading: Story = { args: { search: { status: 'loading', query: 'rep', groups: [] }, query: 'rep' } };

/** A newer search is on its way: the previous answer stays, marked busy. */
export const LoadingWithPreviousResults: Story = { args: { search: { status: 'loading', query: 'rep', groups }, query: 'rep' } };

export const Empty: Story = { args: { search: { status: 'ready', query: 'zzz', groups: [] }, query: 'zzz' } };

/** The host's source failed; Retry searches again, and typing goes on meanwhile. */
export const Error: Story = { args: { search: { status: 'error', query: 'rep', message: 'The file index is not ready' }, query: 'rep', onRetry: () => {} } };

const source: MentionSource = {
  search: async (query) =>
    groups.map((g) => ({ ...g, items: g.items.filter((i) => i.label.toLowerCase().includes(query.toLowerCase())) })).filter((g) => g.items.length > 0),
  read: async (ref) => ({ text: `contents of ${ref.label}` }),
};

/** In PromptInput: `@` opens the host's items above the field. */
export const InPromptInput: Story = {
  render: () => (
    <div style={{ paddingTop: 320 }}>
      <PromptInput defaultValue="Explain @" autoFocus mentionSource={source} running={false} onSubmit={() => {}} onCancel={() => {}} />
    </div>
  ),
};

/** Chips in the draft: each mention reads `@label`, drawn as a chip behind the field's text. */
export const ChipsInDraft: Story = {
  render: () => (
    <div style={{ paddingTop: 40 }}>
      <PromptInput
        defaultValue={`Why does ${mentionMarkup(groups[0].items[1])} fail on ${mentionMarkup(groups[1].items[0])}? Compare with ${mentionMarkup(groups[2].items[0])}.`}
        mentionSource={source}
        running={false}
        onSubmit={() => {}}
        onCancel={() => {}}
      />
    </div>
  ),
};
