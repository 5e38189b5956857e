import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Message } from '../src/components/Message/index.js';
import type { AgentMessageItem, ReceivedContentBlock, UserMessageItem } from '../src/core/types.js';

// A tiny bar chart (PNG) and a short tone (WAV), generated for these stories.
const CHART_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAA4CAIAAACNJ2r1AAAAkElEQVR4nO3UsQ2AMBAEQRdDT1RMOwREhHRgEfj1Z2mkCzd4T+BxP69NNtovCB8gQIAAlew4r8kAAQIECBCg5G0P9PMBgAABAgQIUOAALQYq6gEB6gIK+SMAAQIECBAgQP1Am/aAAAECBCi4BwRoFVDIQWk9IECAAAEK7gEBAgQIUHAPCBAgQICCe0CAAJX2H1INh/Mawmj+AAAAAElFTkSuQmCC';
const TONE_WAV =
  'UklGRkQDAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YSADAACAipOboqaop6SfmI+GfHJpYlxZWFpeZGx1f4mSmqGmqKiloJmQh31zamNdWVhZXWNrdH2HkZmgpaiopaGakoh+dGtkXVpYWVxiaXJ8hpCYn6WnqKahm5OKgHZtZF5aWFlcYWhxe4WOl5+kp6imopyUi4F3bmVfWlhYW2BncHmDjZaeo6eop6OdlYyCeG9mYFtYWFtfZm94goyVnaOnqKejnpaNhHpwZ2BbWVhaX2Vtd4GLlJyipqinpJ+Xj4V7cWlhXFlYWl5kbHZ/iZOboaaop6WgmJCGfHNqYlxZWFldY2t0foiRmqGlqKiloJmRiH50a2NdWVhZXWJqc32HkJmgpaiopqGakol/dWxkXlpYWVxiaXJ7hY+Yn6SnqKaim5OKgHZtZV5aWFlcYWhweoSOl56kp6imopyVi4J4bmZfW1hYW2Bnb3mDjZado6eop6Odlo2DeW9nYFtYWFtfZm53gYuUnKKmqKeknpeOhHpxaGFcWVhaXmVtdoCKk5uipqinpJ+Yj4Z8cmliXFlYWl5kbHV/iZKaoaaoqKWgmZCHfXNqY11ZWFldY2t0fYeRmaClqKiloZqSiH50a2NdWlhZXGJqcnyGkJifpaeopqGbk4mAdmxkXlpYWVxhaHF7hY6Xn6SnqKainJSLgXduZV9aWFhbYGdweYONlp6jp6ino52VjIJ4b2ZgW1hYW2Bmb3iCjJWdo6eop6Oelo2EenBnYFtZWFpfZW53gYuUnKKmqKekn5ePhXtxaGFcWVhaXmRsdn+Jk5uhpqinpZ+YkIZ8cmpiXFlYWV1ja3R+iJKaoaWoqKWgmZGHfnRrY11ZWFldYmpzfYeQmaClqKimoZqSiX91bGReWlhZXGJpcnuFj5ifpKeopqKbk4qAdm1lXlpYWVxhaHF6hI6XnqSnqKainJSLgnhuZl9bWFhbYGdveYONlp2jp6ino52WjYN5b2dgW1hYW19mbniCi5Scoqaop6Sel46EenFoYVxZWFpeZW12gIqTm6KmqKekn5iPhXtyaWJcWVhaXmRsdX+JkpqhpqiopaCZkId9c2piXVlYWQ==';

const ANSWER = `## What changed

The config loader now validates input before merging it with the defaults. I touched **two files** and added a test; \`npm test\` passes.

1. \`src/config.ts\`: added \`ssl\` with a default of \`false\`
2. \`src/validate.ts\`: new, rejects non-integer ports
3. \`test/config.test.ts\`: covers both paths

| File | Lines | Status |
|------|------:|--------|
| src/config.ts | +4 / −1 | modified |
| src/validate.ts | +9 | added |

\`\`\`ts
export function validate(config: Partial<Config>): void {
  // Ports come from JSON, so they may be strings or floats.
  if (config.port !== undefined && !Number.isInteger(config.port)) {
    throw new TypeError(\`port must be an integer, got \${config.port}\`);
  }
}
\`\`\`

> Note: existing config files keep working; \`ssl\` is optional.

- [x] Validation
- [ ] Migration guide

See the [Node.js docs](https://nodejs.org/api/fs.html) for \`readFile\`, or run:

\`\`\`bash
npm test -- --run config
\`\`\`
`;

function agentItem(content: ReceivedContentBlock[], id = 'agent-1'): AgentMessageItem {
  const text = content.map((block) => ('text' in block && block.type === 'text' ? block.text : '')).join('');
  return { id, kind: 'agent_message', messageId: null, content, text };
}

function userItem(content: ReceivedContentBlock[]): UserMessageItem {
  const text = content.map((block) => ('text' in block && block.type === 'text' ? block.text : '')).join('');
  return { id: 'user-1', kind: 'user_message', messageId: null, local: true, turnId: 'turn-1', content, text };
}

const text = (value: string): ReceivedContentBlock => ({ type: 'text', text: value });

/** Streams `full` into a Message in 24-character chunks, one per animation frame or so. */
function StreamingMessage({ full, chunk = 24, interval = 30 }: { full: string; chunk?: number; interval?: number }) {
  const [length, setLength] = useState(0);
  useEffect(() => {
    if (length >= full.length) return;
    const timer = setTimeout(() => setLength((n) => Math.min(full.length, n + chunk)), interval);
    return () => clearTimeout(timer);
  }, [length, full, chunk, interval]);
  const done = length >= full.length;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Message item={agentItem([text(full.slice(0, length))])} streaming={!done} />
      <div>
        <button type="button" className="acp-button" onClick={() => setLength(0)} disabled={!done}>
          Replay stream
        </button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Components/Message',
  component: Message,
  args: { item: agentItem([text(ANSWER)]) },
  decorators: [(Story) => <div style={{ maxWidth: 760 }}>{Story()}</div>],
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AgentDone: Story = {};

export const Streaming: Story = {
  render: () => <StreamingMessage full={ANSWER} />,
};

const LONG_PARAGRAPH = Array.from(
  { length: 40 },
  (_, i) => `Sentence ${i + 1} keeps going with **bold words**, \`inline code\` and a [link](https://example.com/${i + 1}).`,
).join(' ');

/**
 * One long paragraph streamed without a newline. It is parsed piece by piece as it grows (each
 * piece once), and the finished message shows exactly what a one-shot render would.
 */
export const StreamingLongParagraph: Story = {
  render: () => <StreamingMessage full={LONG_PARAGRAPH} chunk={48} interval={16} />,
};

/** Mid-stream: the unfinished bold run and link at the tail are tidied, not shown raw. */
export const StreamingSnapshot: Story = {
  args: {
    item: agentItem([text('Here is the **plan**.\n\nThe first step, per [the guide](https://example.com/gui')]),
    streaming: true,
  },
};

/** Mid-stream inside a code fence: an open code block, its unfinished last line plain. */
export const StreamingOpenFence: Story = {
  args: {
    item: agentItem([text('Run this:\n\n```python\ndef main():\n    print("stream')]),
    streaming: true,
  },
};

export const EmptyStreaming: Story = {
  args: { item: agentItem([]), streaming: true },
};

export const EmptyDone: Story = {
  args: { item: agentItem([]) },
};

export const User: Story = {
  args: {
    item: userItem([text('Can you add validation to the config loader?\nPorts should be integers, and keep **old** files working.')]),
  },
};

export const UserWithAttachments: Story = {
  args: {
    item: userItem([
      text('Why does this fail? See the file and the screenshot.'),
      {
        type: 'resource',
        resource: {
          uri: 'file:///workspace/demo/src/config.ts',
          mimeType: 'text/x-typescript',
          text: "export const port = '5432';\nexport const host = 'localhost';\n",
        },
      },
      { type: 'image', mimeType: 'image/png', data: CHART_PNG, uri: 'file:///home/user/latency.png' },
    ]),
  },
};

export const ContentBlocks: Story = {
  args: {
    item: agentItem([
      text('Every kind of content block an agent can send:'),
      { type: 'image', mimeType: 'image/png', data: CHART_PNG },
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=', uri: 'file:///workspace/demo/logo.svg' },
      { type: 'audio', mimeType: 'audio/wav', data: TONE_WAV },
      { type: 'resource_link', uri: 'https://example.com/reports/q3.pdf', name: 'q3.pdf', title: 'Q3 report', mimeType: 'application/pdf', size: 1_482_113 },
      { type: 'resource_link', uri: 'file:///workspace/demo/src/main.rs', name: 'main.rs', description: 'Entry point' },
      { type: 'resource', resource: { uri: 'file:///workspace/demo/pyproject.toml', text: '[project]\nname = "demo"\nversion = "0.1.0"\n' } },
      { type: 'resource', resource: { uri: 'file:///workspace/demo/model.bin', blob: 'AAECAwQFBgcICQ==', mimeType: 'application/octet-stream' } },
      { type: 'hologram', unsupported: true, raw: { type: 'hologram', frames: 24, source: 'holo://demo' } },
      text('\n\nThat is all of them.'),
      { type: 'text', text: 'Hidden: addressed to the assistant only.', annotations: { audience: ['assistant'] } },
    ]),
  },
};

export const Long: Story = {
  args: {
    item: agentItem([
      text(
        Array.from(
          { length: 8 },
          (_, i) =>
            `### Step ${i + 1}\n\n${'The quick brown fox jumps over the lazy dog. '.repeat(8)}\n\n- first point for step ${i + 1}\n- second point with \`code\`\n`,
        ).join('\n') +
          '\n```ts\n' +
          Array.from({ length: 60 }, (_, i) => `export const value${i} = compute(${i}); // line ${i + 1}`).join('\n') +
          '\n```\n',
      ),
    ]),
  },
};

const HOSTILE = [
  'Raw HTML stays text: <script>alert(1)</script> <img src=x onerror=alert(2)> <iframe src="https://evil.example"></iframe>',
  '',
  'Links: [javascript](javascript:alert(1)) · [vbscript](vbscript:msgbox) · [data](data:text/html,<b>x</b>) · [file](file:///etc/passwd) · [relative](/admin) · [fine](https://example.com)',
  '',
  'Images: ![svg payload](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+) ![tracker](https://tracker.example/pixel.gif) ![js](javascript:alert(1))',
  '',
  '<details open><summary>not a real disclosure</summary>still text</details>',
].join('\n');

export const Hostile: Story = {
  args: {
    item: agentItem([
      text(HOSTILE),
      { type: 'resource_link', uri: 'javascript:alert(1)', name: 'evil-link' },
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
      { type: 'audio', mimeType: 'text/html', data: 'PGgxPmhpPC9oMT4=' },
    ]),
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

export const DarkContentBlocks: Story = {
  ...ContentBlocks,
  globals: { theme: 'dark' },
};

export const DarkUser: Story = {
  ...UserWithAttachments,
  globals: { theme: 'dark' },
};
