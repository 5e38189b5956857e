import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PermissionPrompt, PermissionQueue } from '../src/components/PermissionPrompt/index.js';
import { PermissionPlaceholder } from '../src/components/PermissionPrompt/PermissionPlaceholder.js';
import type { PermissionRequestState } from '../src/core/types.js';

// Shapes from fixtures/sdk-example-agent.allow.ndjson (session/request_permission).
const editRequest: PermissionRequestState = {
  requestId: 'perm-1',
  sessionId: 'e432cd6cc7a020c327c3ba1991955dac',
  toolCall: {
    toolCallId: 'call_2',
    title: 'Modifying critical configuration file',
    kind: 'edit',
    status: 'pending',
    locations: [{ path: '/home/user/project/config.json' }],
    rawInput: { path: '/home/user/project/config.json', content: '{"database": {"host": "new-host"}}' },
  },
  options: [
    { kind: 'allow_once', name: 'Allow this change', optionId: 'allow' },
    { kind: 'reject_once', name: 'Skip this change', optionId: 'reject' },
  ],
  status: 'pending',
  optionId: null,
  byPolicy: false,
  createdAt: 0,
};

const commandRequest: PermissionRequestState = {
  ...editRequest,
  requestId: 'perm-2',
  toolCall: {
    toolCallId: 'call_3',
    title: 'Run database migrations',
    kind: 'execute',
    rawInput: { command: 'npm run migrate -- --env=staging' },
  },
  options: [
    { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'always', name: 'Always allow npm run', kind: 'allow_always' },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
    { optionId: 'never', name: 'Always reject', kind: 'reject_always' },
  ],
};

const diff = (
  <pre style={{ margin: 0, fontFamily: 'var(--acp-font-mono)', fontSize: 'var(--acp-font-size-sm)' }}>
    <span style={{ color: 'var(--acp-diff-del-fg)', background: 'var(--acp-diff-del-bg)', display: 'block' }}>{'-  "host": "localhost"'}</span>
    <span style={{ color: 'var(--acp-diff-add-fg)', background: 'var(--acp-diff-add-bg)', display: 'block' }}>{'+  "host": "new-host"'}</span>
  </pre>
);

/** Answers locally like a host would: status becomes `answered` after `onRespond`. */
function Interactive({ initial }: { initial: PermissionRequestState }) {
  const [request, setRequest] = useState(initial);
  return <PermissionPrompt request={request} onRespond={(_id, optionId) => setRequest((r) => ({ ...r, status: 'answered', optionId }))} />;
}

const meta = {
  title: 'Components/PermissionPrompt',
  component: PermissionPrompt,
  args: { request: editRequest, onRespond: () => {} },
} satisfies Meta<typeof PermissionPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EditWithDiff: Story = {
  args: { request: editRequest, details: diff },
};

/** What is approved, shown by the prompt itself: the tool's name and the diff the agent sent with the request. */
export const EditDiffFromToolCall: Story = {
  args: {
    request: {
      ...editRequest,
      toolCall: {
        ...editRequest.toolCall,
        name: 'write_file',
        content: [
          {
            type: 'diff',
            path: '/home/user/project/config.json',
            oldText: '{"database": {"host": "localhost"}}\n',
            newText: '{"database": {"host": "new-host"}}\n',
          },
        ],
      } as PermissionRequestState['toolCall'],
    },
  },
};

/** A tool that is neither a command nor an edit: the raw input it would get. */
export const RawInput: Story = {
  args: {
    request: {
      ...editRequest,
      toolCall: {
        toolCallId: 'call_9',
        title: 'Fetch the release notes',
        kind: 'fetch',
        rawInput: { url: 'https://example.com/releases', headers: { accept: 'text/html' } },
      },
    },
  },
};

export const CommandAllKinds: Story = {
  render: () => <Interactive initial={commandRequest} />,
};

export const UnknownOptionKind: Story = {
  args: {
    request: {
      ...editRequest,
      options: [
        { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
        // A kind from a newer protocol version: shown neutrally.
        { optionId: 'later', name: 'Ask me later', kind: '_ask_later' as never },
      ],
    },
  },
};

export const Answered: Story = {
  args: { request: { ...commandRequest, status: 'answered', optionId: 'always' } },
};

export const AnsweredByPolicy: Story = {
  args: { request: { ...commandRequest, status: 'answered', optionId: 'once', byPolicy: true } },
};

export const Cancelled: Story = {
  args: { request: { ...editRequest, status: 'cancelled' } },
};

export const Interrupted: Story = {
  args: { request: { ...commandRequest, status: 'interrupted' } },
};

function QueueDemo() {
  const [requests, setRequests] = useState<PermissionRequestState[]>([
    editRequest,
    commandRequest,
    {
      ...editRequest,
      requestId: 'perm-3',
      toolCall: { toolCallId: 'call_4', title: 'Delete build/ directory', kind: 'delete', locations: [{ path: '/home/user/project/build' }] },
    },
  ]);
  return (
    <PermissionQueue
      requests={requests}
      onRespond={(id, optionId) => setRequests((all) => all.map((r) => (r.requestId === id ? { ...r, status: 'answered', optionId } : r)))}
    />
  );
}

export const Queue: StoryObj = {
  render: () => <QueueDemo />,
};

/**
 * What exactly is approved: the agent sent the tool's programmatic name (`name`), shown
 * untranslated beside the title, with the input the tool is given.
 */
export const WithToolName: Story = {
  args: {
    request: {
      ...editRequest,
      requestId: 'perm-name',
      toolCall: {
        toolCallId: 'call_5',
        title: 'Open an issue about the flaky test',
        kind: 'other',
        name: 'mcp__github__create_issue',
        rawInput: { owner: 'acme', repo: 'demo', title: 'Flaky: net.test.ts retries', labels: ['bug', 'ci'] },
      },
    },
  },
};

/**
 * Waiting to mount: when an agent asks many permissions at once, prompts mount in slices, each
 * showing its title in a frame of its size until its turn (a moment later).
 */
export const WaitingToMount: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <PermissionPlaceholder request={editRequest} />
      <PermissionPlaceholder request={commandRequest} />
    </div>
  ),
};
