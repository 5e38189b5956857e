import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CodeBlock } from '../src/components/CodeBlock/index.js';

const TS = `import { readFile } from 'node:fs/promises';

/** Loads the config, falling back to defaults. */
export async function loadConfig(path: string): Promise<Config> {
  const text = await readFile(path, 'utf8');
  const parsed: Partial<Config> = JSON.parse(text);
  if (parsed.port !== undefined && !Number.isInteger(parsed.port)) {
    throw new TypeError(\`port must be an integer, got \${parsed.port}\`);
  }
  return { ...DEFAULTS, ...parsed, retries: 3 };
}`;

const PYTHON = `from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self) -> float:
        """Euclidean length."""
        return (self.x ** 2 + self.y ** 2) ** 0.5  # no numpy needed
`;

/** Streams `full` into a CodeBlock a few characters at a time, as a fenced block would. */
function StreamingCode({ full, language }: { full: string; language: string }) {
  const [length, setLength] = useState(0);
  useEffect(() => {
    if (length >= full.length) return;
    const timer = setTimeout(() => setLength((n) => Math.min(full.length, n + 6)), 25);
    return () => clearTimeout(timer);
  }, [length, full]);
  return <CodeBlock code={full.slice(0, length)} language={language} streaming={length < full.length} />;
}

const meta = {
  title: 'Components/CodeBlock',
  component: CodeBlock,
  args: { code: TS, language: 'ts' },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof CodeBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypeScript: Story = {};

export const Python: Story = {
  args: { code: PYTHON, language: 'python' },
};

export const Shell: Story = {
  args: { code: 'npm install acp-react\nnpx acp-react-bridge --port 8765 -- claude-agent-acp', language: 'bash' },
};

export const Diff: Story = {
  args: { code: '--- a/config.ts\n+++ b/config.ts\n@@ -1,3 +1,4 @@\n port: 5432,\n+ssl: false,\n-host: "db"\n+host: "localhost"', language: 'diff' },
};

export const UnknownLanguage: Story = {
  args: { code: 'graph TD\n  A[Client] --> B[Bridge]\n  B --> C[Agent]', language: 'mermaid' },
};

export const NoLanguage: Story = {
  args: { code: 'Plain output without a language.\nSecond line.', language: null },
};

export const FromFilename: Story = {
  args: { code: '[package]\nname = "demo"\nedition = "2021"\n', language: null, filename: 'file:///workspace/demo/Cargo.toml' },
};

export const Streaming: Story = {
  render: () => <StreamingCode full={TS} language="ts" />,
};

export const StreamingSnapshot: Story = {
  args: { code: 'const a = 1;\nconst b = "an unfinished str', streaming: true },
};

export const Empty: Story = {
  args: { code: '' },
};

export const LongLines: Story = {
  args: {
    code: `const url = "https://example.com/${'very/long/path/'.repeat(20)}";\nconsole.log(url);`,
    language: 'js',
  },
};

export const TooLarge: Story = {
  args: {
    code: Array.from({ length: 2500 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
    language: 'ts',
  },
};

export const Hostile: Story = {
  args: {
    code: '<script>alert("not executed")</script>\n<img src=x onerror=alert(1)>\n\u001b[31mANSI stays text\u001b[0m\n\u202eRTL override\u202c and a zero\u200bwidth space',
    language: 'html',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

export const DarkPython: Story = {
  args: { code: PYTHON, language: 'python' },
  globals: { theme: 'dark' },
};
