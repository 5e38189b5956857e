import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { PermissionPrompt } from '../src/components/PermissionPrompt/index.js';
import { ToolCall } from '../src/components/ToolCall/index.js';
import { ToolCallPlaceholder } from '../src/components/ToolCall/ToolCallPlaceholder.js';
import { JsonWriting } from '../src/components/shared/JsonWriting.js';
import { applySessionUpdate, createSessionState } from '../src/core/index.js';
import type { PermissionRequestState, SessionState, TerminalState, ToolCallContent, ToolCallItem, ToolKind } from '../src/core/types.js';
import { gitPatch } from '../demo-agent/diff-writer.mjs';

// Shapes follow fixtures/sdk-example-agent.allow.ndjson (call_1 read, call_2 edit) and real agents' execute calls.
const base: ToolCallItem = {
  id: 'item-1',
  kind: 'tool_call',
  toolCallId: 'call_1',
  title: 'Reading project files',
  name: null,
  toolKind: 'read',
  status: 'pending',
  content: [],
  locations: [{ path: '/workspace/demo/README.md' }],
  rawInput: { path: '/workspace/demo/README.md' },
  rawOutput: undefined,
  createdByUpdate: false,
};

const editCall: ToolCallItem = {
  ...base,
  id: 'item-2',
  toolCallId: 'call_2',
  title: 'Modifying critical configuration file',
  toolKind: 'edit',
  locations: [{ path: '/workspace/demo/config.json', line: 2 }],
  rawInput: { path: '/workspace/demo/config.json', content: '{"database": {"host": "new-host"}}' },
  content: [
    {
      type: 'diff',
      path: '/workspace/demo/config.json',
      oldText: '{\n  "database": {\n    "host": "localhost",\n    "port": 5432\n  }\n}\n',
      newText: '{\n  "database": {\n    "host": "new-host",\n    "port": 5432\n  }\n}\n',
    },
  ],
};

const permission: PermissionRequestState = {
  requestId: 'perm-1',
  sessionId: 'sess-1',
  toolCall: { toolCallId: 'call_2', title: editCall.title, kind: 'edit', status: 'pending' },
  options: [
    { kind: 'allow_once', name: 'Allow this change', optionId: 'allow' },
    { kind: 'reject_once', name: 'Skip this change', optionId: 'reject' },
  ],
  status: 'pending',
  optionId: null,
  byPolicy: false,
  createdAt: 0,
};

const testTerminal: TerminalState = {
  terminalId: 'term-1',
  sessionId: 'sess-1',
  command: 'npm',
  args: ['test', '--', '--run'],
  cwd: '/workspace/demo',
  output:
    '\x1b[1m> demo@1.0.0 test\x1b[22m\n\n' +
    ' \x1b[32m✓\x1b[39m src/config.test.ts \x1b[2m(4 tests)\x1b[22m 12ms\n' +
    ' \x1b[32m✓\x1b[39m src/db.test.ts \x1b[2m(7 tests)\x1b[22m 31ms\n\n' +
    ' \x1b[1mTest Files\x1b[22m  \x1b[1;32m2 passed\x1b[0m (2)\n' +
    '      \x1b[1mTests\x1b[22m  \x1b[1;32m11 passed\x1b[0m (11)\n',
  truncated: false,
  exitStatus: { exitCode: 0, signal: null },
  released: true,
};

const executeCall: ToolCallItem = {
  ...base,
  id: 'item-3',
  toolCallId: 'call_3',
  title: 'Run the test suite',
  toolKind: 'execute',
  status: 'completed',
  locations: [],
  rawInput: { command: 'npm test -- --run', description: 'Run the test suite' },
  content: [{ type: 'terminal', terminalId: 'term-1' }],
};

const failedTerminal: TerminalState = {
  ...testTerminal,
  terminalId: 'term-2',
  command: 'npx',
  args: ['tsc', '--noEmit'],
  output:
    "src/db.ts(14,7): \x1b[31merror\x1b[0m \x1b[90mTS2322:\x1b[0m Type 'string' is not assignable to type 'number'.\n" +
    '\nFound 1 error in src/db.ts\x1b[90m:14\x1b[0m\n',
  exitStatus: { exitCode: 2, signal: null },
};

const meta = {
  title: 'Components/ToolCall',
  component: ToolCall,
  args: { toolCall: base, onOpenLocation: () => {}, cwd: '/workspace/demo' },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof ToolCall>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Awaiting approval: the permission prompt sits inside the card. */
export const PendingWithPermission: Story = {
  args: {
    toolCall: { ...editCall, status: 'pending' },
    permissionSlot: <PermissionPrompt request={permission} onRespond={() => {}} showToolCall={false} autoFocus={false} />,
  },
};

export const Pending: Story = {
  args: { toolCall: { ...base, status: 'pending' } },
};

/** A command still running: the command line is shown and the terminal follows its output. */
export const InProgress: Story = {
  args: {
    toolCall: { ...executeCall, status: 'in_progress' },
    terminals: {
      'term-1': { ...testTerminal, output: testTerminal.output.split('\n').slice(0, 4).join('\n'), exitStatus: null, released: false },
    },
  },
};

/** A finished read folds away by default; its file stays visible and clickable. */
export const CompletedRead: Story = {
  args: {
    toolCall: {
      ...base,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: '# My Project\n\nThis is a sample project...' } }],
      rawOutput: { content: '# My Project\n\nThis is a sample project...' },
    },
  },
};

/** A search that returned a link to a file and an embedded resource: each URI is code, plain in a host's `code {}`. */
export const ResourceResults: Story = {
  args: {
    defaultOpen: true,
    toolCall: {
      ...base,
      title: 'Searching for "retry"',
      toolKind: 'search',
      status: 'completed',
      content: [
        { type: 'content', content: { type: 'resource_link', name: 'queue.ts', title: 'Retry queue', uri: 'file:///workspace/demo/src/queue.ts' } },
        { type: 'content', content: { type: 'resource', resource: { uri: 'file:///workspace/demo/NOTES.md', text: 'Retries back off exponentially.' } } },
      ],
    },
  },
};

export const CompletedEdit: Story = {
  args: { toolCall: { ...editCall, status: 'completed', rawOutput: { success: true, message: 'Configuration updated' } } },
};

export const CompletedCommand: Story = {
  args: { toolCall: executeCall, terminals: { 'term-1': testTerminal } },
};

export const Failed: Story = {
  args: {
    toolCall: {
      ...executeCall,
      title: 'Type-check the project',
      status: 'failed',
      rawInput: { command: 'npx tsc --noEmit' },
      content: [{ type: 'terminal', terminalId: 'term-2' }],
    },
    terminals: { 'term-2': failedTerminal },
  },
};

export const Cancelled: Story = {
  args: {
    toolCall: {
      ...editCall,
      status: 'cancelled',
      content: [{ type: 'content', content: { type: 'text', text: 'The user cancelled the turn before this edit ran.' } }],
    },
  },
};

export const TerminalNotAvailable: Story = {
  args: { toolCall: { ...executeCall, status: 'in_progress' }, terminals: {} },
};

/** No content, no input: just the header. */
export const Empty: Story = {
  args: {
    toolCall: { ...base, toolKind: 'think', title: 'Thinking about the approach', status: 'completed', locations: [], rawInput: undefined },
  },
};

const longText = Array.from(
  { length: 120 },
  (_, i) => `${String(i + 1).padStart(3, ' ')}  export const value${i} = compute(${i}, 'some fairly long argument text');`,
).join('\n');

export const Long: Story = {
  args: {
    toolCall: {
      ...base,
      toolKind: 'search',
      status: 'in_progress',
      title:
        'Searching the whole repository for every usage of the configuration loader, including tests, fixtures, scripts and generated code that might depend on it',
      locations: Array.from({ length: 8 }, (_, i) => ({
        path: `/workspace/demo/packages/module-${i}/src/deeply/nested/folder/config-loader-${i}.ts`,
        line: 10 + i * 7,
      })),
      content: [{ type: 'content', content: { type: 'text', text: longText } }],
      rawInput: { pattern: 'loadConfig\\(', path: '/workspace/demo', glob: '**/*.{ts,tsx}' },
    },
  },
};

/** HTML in titles, text, terminal output and raw input is shown as text, never interpreted. */
export const HostileContent: Story = {
  args: {
    toolCall: {
      ...executeCall,
      status: 'failed',
      title: '<img src=x onerror="alert(1)"><b>Run</b> <script>alert(2)</script>',
      rawInput: { command: 'echo "<iframe src=javascript:alert(3)>"' },
      content: [
        { type: 'content', content: { type: 'text', text: '<a href="javascript:alert(4)">click me</a>' } },
        { type: 'terminal', terminalId: 'term-x' },
      ],
      locations: [{ path: '/workspace/demo/<svg onload=alert(5)>.ts', line: 1 }],
    },
    terminals: {
      'term-x': {
        ...testTerminal,
        terminalId: 'term-x',
        command: 'echo',
        args: ['<iframe src=javascript:alert(3)>'],
        output: '<iframe src=javascript:alert(3)>\n\x1b[31m<b>not bold</b>\x1b[0m\n\x1b]8;;javascript:alert(6)\x07link\x1b]8;;\x07\n',
        exitStatus: { exitCode: 1, signal: null },
      },
    },
  },
};

const kinds: ToolKind[] = ['read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other'];
const statuses = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const;

/** Every kind icon, cycling through every status. */
export const AllKindsAndStatuses: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      {kinds.map((kind, i) => (
        <ToolCall
          key={kind}
          {...args}
          toolCall={{
            ...base,
            id: kind,
            toolCallId: kind,
            toolKind: kind,
            status: statuses[i % statuses.length],
            title: `A ${kind.replace('_', ' ')} tool`,
            locations: [],
            rawInput: undefined,
          }}
        />
      ))}
    </div>
  ),
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <ToolCall {...args} toolCall={{ ...editCall, status: 'completed' }} />
      <ToolCall {...args} toolCall={executeCall} terminals={{ 'term-1': testTerminal }} />
      <ToolCall
        {...args}
        toolCall={{
          ...executeCall,
          id: 'f',
          title: 'Type-check',
          status: 'failed',
          rawInput: { command: 'npx tsc --noEmit' },
          content: [{ type: 'terminal', terminalId: 'term-2' }],
        }}
        terminals={{ 'term-2': failedTerminal }}
      />
      <ToolCall {...args} toolCall={{ ...base, status: 'completed', content: [{ type: 'content', content: { type: 'text', text: '# My Project' } }] }} />
    </div>
  ),
};

/** A live command: output streams in and the card follows it, then completes. */
function LiveCommand() {
  const [lines, setLines] = useState(0);
  const total = 40;
  useEffect(() => {
    if (lines >= total) return;
    const timer = setTimeout(() => setLines((n) => n + 1), 150);
    return () => clearTimeout(timer);
  }, [lines]);
  const done = lines >= total;
  const output = Array.from({ length: lines }, (_, i) => `\x1b[36mbuild\x1b[0m step ${i + 1}/${total} \x1b[32mok\x1b[0m`).join('\n');
  return (
    <ToolCall
      cwd="/workspace/demo"
      toolCall={{ ...executeCall, title: 'Build the project', status: done ? 'completed' : 'in_progress', rawInput: { command: 'npm run build' } }}
      terminals={{
        'term-1': { ...testTerminal, command: 'npm', args: ['run', 'build'], output, released: done, exitStatus: done ? { exitCode: 0, signal: null } : null },
      }}
    />
  );
}

export const LiveOutput: Story = {
  render: () => <LiveCommand />,
};

// A sub-agent's run, built with the reducer from the updates claude-agent-acp sends for a `Task`:
// every update of the run names the Task in `_meta.claudeCode.parentToolUseId`.
const under = { _meta: { claudeCode: { parentToolUseId: 'toolu_task' } } };
function delegated(finished: boolean): ToolCallItem {
  const updates: object[] = [
    { sessionUpdate: 'tool_call', toolCallId: 'toolu_task', title: 'Find the flaky test', kind: 'think', status: 'in_progress' },
    { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'Find the flaky test under `test/` and say why it fails.' }, ...under },
    { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Tests that retry are the usual suspects.' }, ...under },
    { sessionUpdate: 'tool_call', toolCallId: 'toolu_grep', title: 'grep -rn "retry" test/', kind: 'search', status: 'completed', ...under },
    {
      sessionUpdate: 'tool_call',
      toolCallId: 'toolu_read',
      title: 'Read test/net.test.ts',
      kind: 'read',
      status: finished ? 'completed' : 'in_progress',
      locations: [{ path: '/workspace/demo/test/net.test.ts', line: 12 }],
      ...under,
    },
  ];
  if (finished) {
    updates.push(
      { sessionUpdate: 'tool_call', toolCallId: 'toolu_inner', title: 'Check the CI logs', kind: 'think', status: 'completed', ...under },
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'toolu_log',
        title: 'Read ci.log',
        kind: 'read',
        status: 'completed',
        _meta: { claudeCode: { parentToolUseId: 'toolu_inner' } },
      },
      {
        sessionUpdate: 'agent_message_chunk',
        content: { type: 'text', text: '`net.test.ts` waits a fixed **200 ms** for the server; on a loaded runner it is not up yet.' },
        ...under,
      },
      { sessionUpdate: 'tool_call_update', toolCallId: 'toolu_task', status: 'completed' },
    );
  } else {
    updates.push({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The test at line 12 waits a fixed' }, ...under });
  }
  const session = updates.reduce<SessionState>((acc, update, i) => applySessionUpdate(acc, update, i * 700), createSessionState('sess-1'));
  return session.thread.items.get(0) as ToolCallItem;
}

/** A sub-agent at work: folded to its progress (steps, status, the current step). */
export const SubagentRun: Story = {
  args: { toolCall: delegated(false), cwd: '/workspace/demo' },
};

/** A finished run, expanded: its prompt, thought, tool calls, a run of its own (folded) and its answer. */
export const SubagentRunExpanded: Story = {
  args: { toolCall: delegated(true), cwd: '/workspace/demo', defaultRunOpen: true, defaultOpen: false },
};

/**
 * The agent sent the tool's programmatic name (`name`): shown beside the title, untranslated,
 * when the title does not already say it (here an MCP tool, as Claude Code names them).
 */
export const WithToolName: Story = {
  args: {
    toolCall: {
      ...base,
      toolKind: 'fetch',
      title: 'List the open issues labelled "bug"',
      name: 'mcp__github__list_issues',
      status: 'completed',
      locations: [],
      rawInput: { owner: 'acme', repo: 'demo', labels: ['bug'], state: 'open' },
    },
  },
};

/** A long name gives way to the title: it is cut with an ellipsis, the title wraps when open. */
export const WithLongToolName: Story = {
  args: {
    toolCall: {
      ...editCall,
      name: 'mcp__workspace_refactoring_server__apply_structured_edit_to_configuration_file',
      status: 'in_progress',
    },
  },
};

/**
 * Waiting to mount: when an agent starts dozens of tool calls at once, the thread mounts their
 * cards in slices, each a frame with its title until its turn (here with the room kept for the
 * permission prompt it carries, and a plain one). They mount a moment later.
 */
export const WaitingToMount: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <ToolCallPlaceholder title={editCall.title} permission />
      <ToolCallPlaceholder title={base.title} />
    </div>
  ),
};

/**
 * Raw JSON still being written: a value that takes more than a slice to write (here nested
 * 50,000 levels deep) shows a placeholder of its box (first card, held in that state), then the
 * text and its note. The second card opens its raw view as it mounts, and "Write it again"
 * replays that.
 */
export const RawJsonBeingWritten: Story = {
  render: () => <RawJsonWriting />,
};

const deepInput = deeplyNested(50_000);

function RawJsonWriting() {
  const [run, setRun] = useState(0);
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      {/* The markup of an open raw view whose input is still being written. */}
      <div className="acp-tool-call" data-state="open" style={{ width: '100%' }}>
        <div className="acp-tool-call__header">
          <span className="acp-tool-call__trigger">
            <span className="acp-tool-call__title">Walk a deeply nested tree</span>
          </span>
        </div>
        <div className="acp-tool-call__body">
          <div className="acp-tool-call__raw" data-state="open">
            <div className="acp-tool-call__raw-value">
              <div className="acp-tool-call__raw-label">Input</div>
              <JsonWriting className="acp-tool-call__text" />
            </div>
          </div>
        </div>
      </div>
      <div style={{ width: '100%' }}>
        <OpenedRaw key={run} />
      </div>
      <button type="button" className="acp-button" onClick={() => setRun((n) => n + 1)}>
        Write it again
      </button>
    </div>
  );
}

/** The real card, its raw view opened as it mounts (as a user's click would). */
function OpenedRaw() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.querySelector<HTMLButtonElement>('.acp-tool-call__raw-toggle')?.click(), []);
  return (
    <ToolCall
      ref={ref}
      toolCall={{ ...base, title: 'Walk a deeply nested tree', toolKind: 'other', status: 'completed', locations: [], rawInput: deepInput }}
      defaultOpen
    />
  );
}

function deeplyNested(depth: number): unknown {
  let value: unknown = { leaf: true };
  for (let i = 0; i < depth; i++) value = { child: value };
  return value;
}

/** An ACP v2 edit: its diff is `{ changes, patch }` (a git patch, as the demo agent writes it), one card per file. */
export const CompletedEditV2: Story = {
  args: {
    toolCall: {
      ...editCall,
      status: 'completed',
      content: [
        {
          type: 'diff',
          changes: [
            { operation: 'modify', path: '/workspace/demo/config.json' },
            { operation: 'move', oldPath: '/workspace/demo/config.old.json', path: '/workspace/demo/config.backup.json' },
          ],
          patch: {
            format: 'git_patch',
            text: gitPatch([
              {
                path: '/workspace/demo/config.json',
                oldText: '{\n  "host": "localhost",\n  "port": 5432\n}\n',
                newText: '{\n  "host": "localhost",\n  "port": 5432,\n  "ssl": true\n}\n',
              },
            ]),
          },
        } as unknown as ToolCallContent,
      ],
    },
  },
};
