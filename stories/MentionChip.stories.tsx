import type { Meta, StoryObj } from '@storybook/react-vite';
import { MentionChip } from '../src/components/MentionMenu/index.js';
import { Message } from '../src/components/Message/index.js';
import { MENTION_META_KEY } from '../src/core/mentions/index.js';
import type { UserMessageItem } from '../src/core/types.js';

const meta = {
  title: 'Components/MentionChip',
  component: MentionChip,
  args: { mention: { uri: 'notebook:///analysis.py#cell-2', label: 'Cell 2', kind: 'cell' } },
} satisfies Meta<typeof MentionChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A chip the host can open: a button named "Open Cell 2". */
export const Openable: Story = { args: { onOpen: () => {} } };

/** Without a host callback: a label. */
export const LabelOnly: Story = {};

export const File: Story = { args: { mention: { uri: 'file:///workspace/src/report.ts', label: 'report.ts', kind: 'file' }, onOpen: () => {} } };

const message = {
  kind: 'user_message',
  id: 'story-user',
  text: 'Make @Cell 2 read @sales.csv lazily',
  content: [
    { type: 'text', text: 'Make @Cell 2 read @sales.csv lazily' },
    {
      type: 'resource',
      resource: { uri: 'notebook:///analysis.py#cell-2', text: "df = pd.read_csv('sales.csv')", mimeType: 'text/x-python' },
      _meta: { [MENTION_META_KEY]: { label: 'Cell 2', kind: 'cell' } },
    },
    { type: 'resource_link', uri: 'file:///workspace/sales.csv', name: 'sales.csv', _meta: { [MENTION_META_KEY]: { label: 'sales.csv', kind: 'file' } } },
  ],
} as unknown as UserMessageItem;

/** A sent message: its mentions (one embedded, one a link) as chips that open the thing. */
export const InUserMessage: Story = {
  render: () => <Message item={message} onMentionOpen={() => {}} />,
};
