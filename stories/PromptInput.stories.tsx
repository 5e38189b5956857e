import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { PromptInput, type PromptInputProps, type QueuedPrompt } from '../src/components/PromptInput/index.js';
import type { AvailableCommand, ContentBlock } from '../src/core/types.js';

const commands: AvailableCommand[] = [
  { name: 'web', description: 'Search the web for up-to-date information', input: { hint: 'query to search for' } },
  { name: 'review', description: 'Review the uncommitted changes' },
  { name: 'plan', description: 'Write a plan before changing code', input: { hint: 'what to plan' } },
];

/** Leaves room above the composer for the slash menu, as at the bottom of a real panel. */
function Frame({ children }: { children: ReactNode }) {
  return <div style={{ maxWidth: 640, paddingTop: 180 }}>{children}</div>;
}

/** A host that runs a fake two-second turn for every prompt, so Stop and the queue can be tried. */
function Playground(props: Partial<PromptInputProps>) {
  const [running, setRunning] = useState(props.running ?? false);
  const [draft, setDraft] = useState(props.defaultValue ?? '');
  const [queue, setQueue] = useState<QueuedPrompt[]>(props.defaultQueue ?? []);
  const [sent, setSent] = useState<ContentBlock[][]>([]);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setRunning(false), 2000);
    return () => clearTimeout(timer);
  }, [running]);
  return (
    <Frame>
      <PromptInput
        {...props}
        value={draft}
        onValueChange={setDraft}
        queue={queue}
        onQueueChange={setQueue}
        running={running}
        onSubmit={(blocks) => {
          setSent((s) => [...s, blocks]);
          setRunning(true);
        }}
        onCancel={() => setRunning(false)}
      />
      <p style={{ fontSize: 12, color: 'var(--acp-fg-muted)' }}>Prompts sent: {sent.length}</p>
    </Frame>
  );
}

const meta = {
  title: 'Components/PromptInput',
  component: PromptInput,
  args: { onSubmit: () => {}, onCancel: () => {}, running: false },
} satisfies Meta<typeof PromptInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  render: () => <Playground commands={commands} promptCapabilities={{ image: true, embeddedContext: true }} />,
};

export const WithDraft: Story = {
  render: () => <Playground defaultValue={'Refactor the session reducer.\nKeep the public API unchanged.'} commands={commands} />,
};

export const Running: Story = {
  args: { running: true, defaultValue: 'Also update the README' },
  render: (args) => (
    <Frame>
      <PromptInput {...args} />
    </Frame>
  ),
};

/** A real 1×1 PNG, so the attachment thumbnail decodes. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const pixelFile = (name: string) => new File([Uint8Array.from(atob(PIXEL_PNG), (c) => c.charCodeAt(0))], name, { type: 'image/png' });

const queued: QueuedPrompt[] = [
  { id: 'q1', text: 'Then run the full test suite and fix anything that fails.', attachments: [] },
  {
    id: 'q2',
    text: 'Compare with this screenshot',
    attachments: [
      {
        id: 'a1',
        name: 'expected.png',
        mimeType: 'image/png',
        size: 48213,
        block: {
          type: 'image',
          mimeType: 'image/png',
          data: PIXEL_PNG,
        },
      },
    ],
  },
];

export const RunningWithQueue: Story = {
  args: { running: true, defaultQueue: queued },
  render: (args) => (
    <Frame>
      <PromptInput {...args} />
    </Frame>
  ),
};

export const WithAttachments: Story = {
  render: () => {
    // Attachments live inside the component; this story pre-fills them by pasting on mount.
    function Prefilled() {
      useEffect(() => {
        const textarea = document.querySelector<HTMLTextAreaElement>('.acp-prompt-input__textarea');
        if (!textarea) return;
        const files = [new File(['# Design\nNotes about the thread model.'], 'design-notes.md', { type: 'text/markdown' }), pixelFile('screenshot.png')];
        const event = new Event('paste', { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'clipboardData', { value: { files, types: ['Files'] } });
        textarea.dispatchEvent(event);
      }, []);
      return <Playground promptCapabilities={{ image: true, embeddedContext: true }} defaultValue="Check these" />;
    }
    return <Prefilled />;
  },
};

export const ImagesRefused: Story = {
  render: () => {
    function Refused() {
      useEffect(() => {
        const textarea = document.querySelector<HTMLTextAreaElement>('.acp-prompt-input__textarea');
        if (!textarea) return;
        const files = [pixelFile('diagram.png'), new File(['{"a":1}'], 'config.json', { type: 'application/json' })];
        const event = new Event('paste', { bubbles: true, cancelable: true });
        Object.defineProperty(event, 'clipboardData', { value: { files, types: ['Files'] } });
        textarea.dispatchEvent(event);
      }, []);
      // No image support and no embedded context: the image is refused, the JSON becomes a link.
      return <Playground promptCapabilities={{}} />;
    }
    return <Refused />;
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Reconnecting…' },
  render: (args) => (
    <Frame>
      <PromptInput {...args} />
    </Frame>
  ),
};
