import type { Meta, StoryObj } from '@storybook/react-vite';
import { Diff } from '../src/components/Diff/index.js';

const oldSource = `import { readFile } from 'node:fs/promises';

export interface Config {
  host: string;
  port: number;
}

const DEFAULTS: Config = {
  host: 'localhost',
  port: 5432,
};

/** Reads a JSON config file and fills in the defaults. */
export async function loadConfig(path: string): Promise<Config> {
  const text = await readFile(path, 'utf8');
  const parsed = JSON.parse(text);
  return { ...DEFAULTS, ...parsed };
}

export function describe(config: Config): string {
  return \`\${config.host}:\${config.port}\`;
}

export function isLocal(config: Config): boolean {
  return config.host === 'localhost';
}
`;

const newSource = oldSource
  .replace('  port: number;\n}', '  port: number;\n  ssl: boolean;\n}')
  .replace('  port: 5432,\n};', '  port: 5432,\n  ssl: false,\n};')
  .replace(
    '  const parsed = JSON.parse(text);\n',
    '  // Reject unknown keys before merging.\n  const parsed: Partial<Config> = JSON.parse(text);\n  validate(parsed, { strict: true, maxDepth: 4 });\n',
  )
  .replace("  return config.host === 'localhost';", "  return config.host === 'localhost' || config.host === '127.0.0.1';");

const numbered = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix} line ${i + 1}: const item${i} = createItem(${i});`).join('\n') + '\n';

const meta = {
  title: 'Components/Diff',
  component: Diff,
  args: { path: '/workspace/demo/src/config.ts', oldText: oldSource, newText: newSource },
  decorators: [(Story) => <div style={{ maxWidth: 900 }}>{Story()}</div>],
} satisfies Meta<typeof Diff>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Modified: Story = {};

export const Split: Story = {
  args: { defaultView: 'split' },
};

export const NewFile: Story = {
  args: {
    path: '/workspace/demo/src/validate.ts',
    oldText: null,
    newText:
      "import type { Config } from './config.js';\n\nexport function validate(config: Partial<Config>): void {\n  if (config.port !== undefined && !Number.isInteger(config.port)) {\n    throw new TypeError('port must be an integer');\n  }\n}\n",
  },
};

/** RFD "diff-delete": `deleted: true` with `newText: ""`. */
export const DeletedFile: Story = {
  args: {
    path: '/workspace/demo/src/legacy-config.js',
    oldText: "module.exports = {\n  host: 'localhost',\n  port: 5432,\n};\n",
    newText: '',
    deleted: true,
  },
};

/** Long unchanged regions fold behind "Show N lines". */
export const FoldedContext: Story = {
  args: {
    path: '/workspace/demo/src/items.ts',
    oldText: numbered(200, 'item'),
    newText: numbered(200, 'item').replace('item line 60:', 'item line 60 (changed):').replace('item line 150:', 'item line 150 (changed):'),
  },
};

/** Over 500 rows: the first page renders, the rest on "Show more". */
export const LargeLazy: Story = {
  args: { path: '/workspace/demo/src/generated/items.ts', oldText: null, newText: numbered(1500, 'generated') },
};

/** Inputs this large are diffed after paint, with a "Computing diff…" state first. */
export const VeryLargeDeferred: Story = {
  args: {
    path: '/workspace/demo/data/fixtures.txt',
    oldText: numbered(12000, 'row'),
    newText: numbered(12000, 'row').replace('row line 6000:', 'row line 6000 (edited):'),
  },
};

export const NoChanges: Story = {
  args: { oldText: oldSource, newText: oldSource },
};

export const EmptyNewFile: Story = {
  args: { path: '/workspace/demo/.gitkeep', oldText: null, newText: '' },
};

/** Markup in file contents and paths is text, never HTML. */
export const HostileContent: Story = {
  args: {
    path: '/workspace/demo/<img src=x onerror=alert(1)>.html',
    oldText: '<p>Hello</p>\n',
    newText: '<p>Hello</p>\n<script>alert("xss")</script>\n<img src=x onerror="alert(2)">\n',
  },
};

export const LongLinesWrap: Story = {
  args: {
    path: '/workspace/demo/src/very/deeply/nested/directory/structure/that/goes/on/and/on/minified.bundle.js',
    oldText: `const a = ${JSON.stringify(Array.from({ length: 40 }, (_, i) => `value-${i}`))};\n`,
    newText: `const a = ${JSON.stringify(Array.from({ length: 44 }, (_, i) => `value-${i}`))};\n`,
    defaultView: 'split',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Diff {...args} />
      <Diff {...args} defaultView="split" />
      <Diff path="/workspace/demo/src/validate.ts" oldText={null} newText={'export const ok = true;\n'} />
      <Diff path="/workspace/demo/old.js" oldText={'module.exports = 1;\n'} newText="" deleted />
    </div>
  ),
};
