import type { Meta, StoryObj } from '@storybook/react-vite';
import { Diff, PatchDiffs } from '../src/components/Diff/index.js';
import { parseGitPatch } from '../src/core/changes/git-patch.js';
import { gitPatch } from '../demo-agent/diff-writer.mjs';

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

/** ACP v2: the file's part of a git patch (as the demo agent writes it); each `@@` block after its header. */
const v2Patch = gitPatch([{ path: '/workspace/demo/src/config.ts', oldText: oldSource, newText: newSource }]);
export const V2Patch: Story = {
  args: { oldText: undefined, newText: undefined, patch: parseGitPatch(v2Patch).files[0] ?? null },
};

export const V2PatchSplit: Story = {
  args: { ...V2Patch.args, defaultView: 'split' },
};

/** ACP v2 changes without lines: a move without a patch, a binary file, and a patch that stops early. */
export const V2WithoutLines: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Diff path="/workspace/demo/src/settings.ts" patch={null} operation="move" oldPath="/workspace/demo/src/config.ts" />
      <Diff path="/workspace/demo/assets/logo.png" patch={null} operation="modify" fileType="binary" />
      <Diff path="/workspace/demo/src/config.ts" patch={parseGitPatch(v2Patch.split('\n').slice(0, 12).join('\n')).files[0] ?? null} />
    </div>
  ),
};

/** A tool call's whole v2 diff: one card per changed file, the patch read once. */
export const V2ToolCallDiff: Story = {
  render: () => (
    <PatchDiffs
      content={{
        type: 'diff',
        changes: [
          { operation: 'modify', path: '/workspace/demo/src/config.ts' },
          { operation: 'add', path: '/workspace/demo/src/ssl.ts' },
          { operation: 'delete', path: '/workspace/demo/src/legacy.js' },
          { operation: 'copy', oldPath: '/workspace/demo/.env.example', path: '/workspace/demo/.env' },
        ],
        patch: {
          format: 'git_patch',
          text: gitPatch([
            { path: '/workspace/demo/src/config.ts', oldText: oldSource, newText: newSource },
            { path: '/workspace/demo/src/ssl.ts', oldText: null, newText: 'export const DEFAULT_PORT = 443;\n' },
            { path: '/workspace/demo/src/legacy.js', oldText: 'module.exports = require("./config");\n', newText: null },
          ]),
        },
      }}
    />
  ),
};

export const V2Dark: Story = {
  globals: { theme: 'dark' },
  render: V2ToolCallDiff.render,
};
