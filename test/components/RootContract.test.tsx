/**
 * The component contract's root half: a public component's root takes the rest of its element's
 * props (`id`, `className` merged with ours, `style`, `aria-*`, `data-*`, handlers) and forwards a
 * ref, as Radix and shadcn/ui roots do. One table, each component with the least it needs to
 * render; on-demand components are checked on their fallback (a fresh copy of their module, not
 * yet loaded) and again once loaded, where the same ref must reach the new root.
 */
import { createRef, useState, type ComponentType, type ReactElement, type Ref } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import type { SessionConfigOption, SessionModeState } from '@agentclientprotocol/sdk';
import type { ElicitationState, PermissionRequestState, TerminalState, UserMessageItem, ThoughtItem } from '../../src/core/types.js';
import { AgentPicker } from '../../src/components/AgentPicker/index.js';
import { AuthPanel } from '../../src/components/AuthPanel/index.js';
import { ChangeReview, ChangeSummary } from '../../src/components/ChangeReview/index.js';
import { CodeBlock, CopyButton } from '../../src/components/CodeBlock/index.js';
import { ConfigOptions, ModeSelector } from '../../src/components/ConfigOptions/index.js';
import { ConnectionStatus } from '../../src/components/ConnectionStatus/index.js';
import { Diff, PatchDiffs } from '../../src/components/Diff/index.js';
import { ElicitationForm } from '../../src/components/ElicitationForm/index.js';
import { ProtocolInspector } from '../../src/components/Inspector/index.js';
import { Markdown } from '../../src/components/Markdown/index.js';
import { Message } from '../../src/components/Message/index.js';
import { PermissionPrompt } from '../../src/components/PermissionPrompt/index.js';
import { Plan, Plans } from '../../src/components/Plan/index.js';
import { PromptInput } from '../../src/components/PromptInput/index.js';
import { SessionList } from '../../src/components/SessionList/index.js';
import { SessionTabs } from '../../src/components/SessionTabs/index.js';
import { SlashCommandMenu, SlashCommandStatus } from '../../src/components/SlashCommandMenu/index.js';
import { TerminalOutput } from '../../src/components/TerminalOutput/index.js';
import { Thought } from '../../src/components/Thought/index.js';
import { Thread } from '../../src/components/Thread/index.js';
import { ToolCall } from '../../src/components/ToolCall/index.js';
import { UsageMeter } from '../../src/components/UsageMeter/index.js';
import { AcpInspector, AgentPanel } from '../../src/panels/index.js';
import { AcpProvider } from '../../src/react/index.js';
import { createAcpClient } from '../../src/core/index.js';
import { longThread, toolCallItem } from '../helpers/threads.js';

const noop = () => {};
const userMessage: UserMessageItem = {
  id: 'u',
  kind: 'user_message',
  messageId: null,
  content: [{ type: 'text', text: 'Hi' }],
  text: 'Hi',
  local: false,
  turnId: null,
};
const thought: ThoughtItem = {
  id: 't',
  kind: 'thought',
  messageId: null,
  content: [{ type: 'text', text: 'Hmm' }],
  text: 'Hmm',
  startedAt: 1_000,
  endedAt: 2_000,
};
/** An ACP v2 diff: one changed file and its git patch. */
const v2Diff = {
  type: 'diff' as const,
  changes: [{ operation: 'modify', path: '/a.ts' }],
  patch: { format: 'git_patch', text: 'diff --git /a.ts /a.ts\n--- /a.ts\n+++ /a.ts\n@@ -1 +1 @@\n-a\n+b\n' },
};

const terminal: TerminalState = {
  terminalId: 'term-1',
  sessionId: 'sess-1',
  command: 'npm',
  args: ['test'],
  cwd: '/workspace',
  output: 'ok\n',
  truncated: false,
  exitStatus: null,
  released: false,
};
const session = longThread(1);
const permission: PermissionRequestState = {
  requestId: 'p1',
  sessionId: 's1',
  toolCall: { toolCallId: 'call_1', title: 'Run the tests', kind: 'execute' },
  options: [{ optionId: 'once', name: 'Allow once', kind: 'allow_once' }],
  status: 'pending',
  optionId: null,
  byPolicy: false,
  createdAt: 0,
};
const elicitation: ElicitationState = {
  requestId: 'e1',
  mode: 'form',
  message: 'Which branch?',
  sessionId: 's1',
  toolCallId: null,
  scopeRequestId: null,
  requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
  url: null,
  elicitationId: null,
  status: 'pending',
  response: null,
  createdAt: 0,
};
const usage = { used: 30_000, size: 100_000, cost: null };
const modelOption: SessionConfigOption = {
  id: 'model',
  name: 'Model',
  category: 'model',
  type: 'select',
  currentValue: 'fast',
  options: [
    { value: 'fast', name: 'Fast' },
    { value: 'deep', name: 'Deep' },
  ],
};
const modes: SessionModeState = {
  currentModeId: 'ask',
  availableModes: [
    { id: 'ask', name: 'Ask' },
    { id: 'code', name: 'Code' },
  ],
};
const auth = { required: true, pendingMethodId: null, error: null };
const capabilities = { load: true, resume: false, close: false, delete: false };
const sessions = [{ sessionId: 'sess-1', cwd: '/workspace', title: 'Fix the build' }];
const counts = { files: 2, additions: 12, deletions: 3, undecided: 1 };
const tabs = [
  { sessionId: 'sess-1', title: 'Fix the build', turn: 'idle' as const, waiting: 0 },
  { sessionId: 'sess-2', title: null, turn: 'running' as const, waiting: 1 },
];
const entries = [{ seq: 1, dir: 'out' as const, at: 0, msg: { jsonrpc: '2.0' as const, id: 1, method: 'initialize', params: {} } }];

/** The wired panels read a provider; this one has a client that never connects. */
function Wired({ children }: { children: ReactElement }) {
  const [client] = useState(() => createAcpClient({ url: 'ws://127.0.0.1:9', reconnect: false }));
  return (
    <AcpProvider client={client} autoConnect={false}>
      {children}
    </AcpProvider>
  );
}

/** What a host passes to any root: each must land on the root element. */
interface HostProps {
  ref: Ref<HTMLElement>;
  id: string;
  className: string;
  style: { marginTop: string };
  'aria-label': string;
  'data-probe': string;
  onClick: () => void;
}

type Row = [name: string, tag: string, render: (host: HostProps) => ReactElement];

// Typed loosely on purpose: the rows are heterogeneous components checked by one assertion.
const as = (Component: ComponentType<never>) => Component as unknown as ComponentType<Record<string, unknown>>;

const rows: Row[] = [
  ['Markdown', 'DIV', (host) => <Markdown text="Hello" {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['CodeBlock', 'DIV', (host) => <CodeBlock code="const a = 1;" language="ts" {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['CopyButton', 'BUTTON', (host) => <CopyButton text="x" label="x" {...host} ref={host.ref as Ref<HTMLButtonElement>} />],
  ['Message', 'ARTICLE', (host) => <Message item={userMessage} {...host} />],
  ['Thought', 'DIV', (host) => <Thought item={thought} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['Plan', 'DIV', (host) => <Plan entries={[]} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  [
    'Plans',
    'DIV',
    (host) => <Plans plans={{ main: { planId: 'main', type: 'items', entries: [], _meta: null } }} {...host} ref={host.ref as Ref<HTMLDivElement>} />,
  ],
  [
    'ToolCall',
    'DIV',
    (host) => <ToolCall toolCall={toolCallItem({ title: 'Read a file', toolKind: 'read' })} {...host} ref={host.ref as Ref<HTMLDivElement>} />,
  ],
  [
    'ConnectionStatus',
    'DIV',
    (host) => (
      <ConnectionStatus
        status="idle"
        agent={null}
        error={null}
        reconnect={{ attempt: 0, nextAttemptAt: null }}
        onRetry={noop}
        {...host}
        ref={host.ref as Ref<HTMLDivElement>}
      />
    ),
  ],
  [
    'SlashCommandMenu',
    'UL',
    (host) => {
      const Menu = as(SlashCommandMenu);
      return <Menu commands={[]} activeIndex={-1} optionId={(i: number) => `option-${i}`} onSelect={noop} {...host} />;
    },
  ],
  ['SlashCommandStatus', 'DIV', (host) => <SlashCommandStatus open={false} count={0} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['PromptInput', 'DIV', (host) => <PromptInput onSubmit={noop} onCancel={noop} running={false} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['Diff', 'DIV', (host) => <Diff path="src/a.ts" oldText="a\n" newText="b\n" {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['Diff (v2 patch)', 'DIV', (host) => <Diff path="/a.ts" patch={null} operation="move" oldPath="/b.ts" {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['PatchDiffs', 'DIV', (host) => <PatchDiffs content={v2Diff} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['TerminalOutput', 'DIV', (host) => <TerminalOutput terminal={terminal} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['Thread', 'DIV', (host) => <Thread session={session} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  [
    'PermissionPrompt',
    'DIV',
    (host) => <PermissionPrompt request={permission} onRespond={noop} autoFocus={false} {...host} ref={host.ref as Ref<HTMLDivElement>} />,
  ],
  ['ElicitationForm', 'SECTION', (host) => <ElicitationForm elicitation={elicitation} onRespond={noop} {...host} />],
  ['UsageMeter (detailed)', 'DIV', (host) => <UsageMeter usage={usage} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['UsageMeter (no usage yet)', 'DIV', (host) => <UsageMeter usage={null} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  ['UsageMeter (compact)', 'DIV', (host) => <UsageMeter usage={usage} variant="compact" {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  [
    'ConfigOptions',
    'DIV',
    (host) => (
      <ConfigOptions configOptions={[modelOption]} modes={null} onSetConfigOption={noop} onSetMode={noop} {...host} ref={host.ref as Ref<HTMLDivElement>} />
    ),
  ],
  ['ModeSelector', 'DIV', (host) => <ModeSelector modes={modes} onSetMode={noop} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  [
    'AuthPanel',
    'SECTION',
    (host) => (
      <AuthPanel authMethods={[{ id: 'oauth', name: 'Browser login' }]} auth={auth} canLogout={false} onAuthenticate={noop} onLogout={noop} {...host} />
    ),
  ],
  [
    'SessionList',
    'DIV',
    (host) => <SessionList sessions={sessions} capabilities={capabilities} onOpen={noop} {...host} ref={host.ref as Ref<HTMLDivElement>} />,
  ],
  ['ProtocolInspector', 'SECTION', (host) => <ProtocolInspector entries={entries} {...host} />],
  [
    'SessionTabs',
    'DIV',
    (host) => (
      <SessionTabs tabs={tabs} activeSessionId="sess-1" onActivate={noop} panelId="panel" idPrefix="tabs" {...host} ref={host.ref as Ref<HTMLDivElement>} />
    ),
  ],
  ['AgentPicker', 'SECTION', (host) => <AgentPicker agents={null} onPick={() => 'ws://127.0.0.1:9'} onConnect={noop} {...host} />],
  ['ChangeReview', 'SECTION', (host) => <ChangeReview turns={[]} {...host} />],
  ['ChangeSummary', 'DIV', (host) => <ChangeSummary counts={counts} {...host} ref={host.ref as Ref<HTMLDivElement>} />],
  [
    'AcpInspector',
    'SECTION',
    (host) => (
      <Wired>
        <AcpInspector {...host} />
      </Wired>
    ),
  ],
  [
    'AgentPanel',
    'SECTION',
    (host) => (
      <Wired>
        <AgentPanel cwd="/workspace" autoStartSession={false} showSessionList={false} {...host} />
      </Wired>
    ),
  ],
];

function hostProps(): HostProps {
  return {
    ref: createRef<HTMLElement>(),
    id: 'host-id',
    className: 'host-class',
    style: { marginTop: '7px' },
    'aria-label': 'Host label',
    'data-probe': 'host',
    onClick: vi.fn(),
  };
}

/** The root is the first element the component renders, and everything the host passed is on it. */
function expectOnRoot(container: HTMLElement, host: HostProps, tag: string, clicks = 1, idOn = (root: HTMLElement): Element | null => root) {
  const root = container.firstElementChild as HTMLElement;
  expect(root.tagName).toBe(tag);
  expect((host.ref as { current: HTMLElement | null }).current).toBe(root);
  expect(idOn(root)?.id).toBe('host-id');
  expect(root.classList).toContain('host-class');
  expect([...root.classList].some((name) => name.startsWith('acp-'))).toBe(true);
  expect(root.style.marginTop).toBe('7px');
  expect(root).toHaveAttribute('aria-label', 'Host label');
  expect(root).toHaveAttribute('data-probe', 'host');
  fireEvent.click(root);
  expect(host.onClick).toHaveBeenCalledTimes(clicks);
}

describe('every public component root takes the element props and a ref', () => {
  it.each(rows)('%s', (_name, tag, view) => {
    const host = hostProps();
    const { container } = render(view(host));
    expectOnRoot(container, host, tag);
  });
});

describe('on-demand components: the fallback root and the loaded root alike', () => {
  type OnDemandRow = [
    name: string,
    load: () => Promise<ComponentType<Record<string, unknown>>>,
    props: Record<string, unknown>,
    fallbackTag?: string,
    loadedTag?: string,
  ];
  const onDemand: OnDemandRow[] = [
    ['Diff', async () => as((await import('../../src/components/Diff/index.js')).Diff), { path: 'src/a.ts', oldText: 'a\n', newText: 'b\n' }],
    ['PatchDiffs', async () => as((await import('../../src/components/Diff/index.js')).PatchDiffs), { content: v2Diff }],
    ['TerminalOutput', async () => as((await import('../../src/components/TerminalOutput/index.js')).TerminalOutput), { terminal }],
    ['Thread', async () => as((await import('../../src/components/Thread/index.js')).Thread), { session }],
    [
      'PermissionPrompt',
      async () => as((await import('../../src/components/PermissionPrompt/index.js')).PermissionPrompt),
      { request: permission, onRespond: noop, autoFocus: false },
    ],
    // Only here: its fallback (the first request, as the prompt's fallback) and the loaded queue differ in tag.
    [
      'PermissionQueue',
      async () => as((await import('../../src/components/PermissionPrompt/index.js')).PermissionQueue),
      { requests: [permission], onRespond: noop, autoFocus: false },
      'DIV',
      'SECTION',
    ],
    [
      'ElicitationForm',
      async () => as((await import('../../src/components/ElicitationForm/index.js')).ElicitationForm),
      { elicitation, onRespond: noop },
      'SECTION',
      'SECTION',
    ],
    ['UsageMeter (detailed)', async () => as((await import('../../src/components/UsageMeter/index.js')).UsageMeter), { usage }],
    ['UsageMeter (no usage yet)', async () => as((await import('../../src/components/UsageMeter/index.js')).UsageMeter), { usage: null }],
    ['UsageMeter (compact)', async () => as((await import('../../src/components/UsageMeter/index.js')).UsageMeter), { usage, variant: 'compact' }],
    [
      'ConfigOptions',
      async () => as((await import('../../src/components/ConfigOptions/index.js')).ConfigOptions),
      { configOptions: [modelOption], modes: null, onSetConfigOption: noop, onSetMode: noop },
    ],
    ['ModeSelector', async () => as((await import('../../src/components/ConfigOptions/index.js')).ModeSelector), { modes, onSetMode: noop }],
    [
      'AuthPanel',
      async () => as((await import('../../src/components/AuthPanel/index.js')).AuthPanel),
      { authMethods: [{ id: 'oauth', name: 'Browser login' }], auth, canLogout: false, onAuthenticate: noop, onLogout: noop },
      'SECTION',
      'SECTION',
    ],
    ['SessionList', async () => as((await import('../../src/components/SessionList/index.js')).SessionList), { sessions, capabilities, onOpen: noop }],
    ['ProtocolInspector', async () => as((await import('../../src/components/Inspector/index.js')).ProtocolInspector), { entries }, 'SECTION', 'SECTION'],
    [
      'AgentPicker',
      async () => as((await import('../../src/components/AgentPicker/index.js')).AgentPicker),
      { agents: [], onPick: () => 'ws://127.0.0.1:9', onConnect: noop },
      'SECTION',
      'SECTION',
    ],
    ['ChangeReview', async () => as((await import('../../src/components/ChangeReview/index.js')).ChangeReview), { turns: [] }, 'SECTION', 'SECTION'],
    ['ChangeSummary', async () => as((await import('../../src/components/ChangeReview/index.js')).ChangeSummary), { counts }],
  ];

  it.each(onDemand)('%s', async (_name, load, props, fallbackTag = 'DIV', loadedTag = fallbackTag) => {
    // A fresh copy of the module graph: its chunk is not loaded yet, so the fallback renders first.
    vi.resetModules();
    const Component = await load();
    const host = hostProps();
    const { container } = render(<Component {...props} {...host} />);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expectOnRoot(container, host, fallbackTag);
    const fallback = container.firstElementChild;
    // The same element, now loaded: the host's ref and props moved to the loaded root.
    await waitFor(() => expect(container.firstElementChild).not.toBe(fallback), { timeout: 15_000 });
    await act(async () => {});
    expect(container.firstElementChild).not.toHaveAttribute('aria-busy', 'true');
    expectOnRoot(container, host, loadedTag, 2);
  });
});

describe('parts that show nothing until loaded: the loaded root takes the props and the ref', () => {
  const signIn = {
    terminalId: 'auth-1',
    onData: () => () => {},
    write: noop,
    resize: noop,
    kill: noop,
    exit: new Promise<never>(() => {}),
    result: new Promise<never>(() => {}),
  };
  const mentionProps = {
    id: 'mentions',
    search: { status: 'ready', query: '', groups: [{ label: 'Files', items: [{ uri: 'file:///a.ts', label: 'a.ts', kind: 'file' }] }] },
    query: '',
    activeIndex: 0,
    optionId: (i: number) => `mention-${i}`,
    onSelect: noop,
  };
  type PartRow = [
    name: string,
    load: () => Promise<ComponentType<Record<string, unknown>>>,
    props: Record<string, unknown>,
    tag: string,
    idOn?: (root: HTMLElement) => Element | null,
  ];
  const parts: PartRow[] = [
    // The menu's own `id` names its listbox (the text field's `aria-controls` points there), inside the root.
    [
      'MentionMenu',
      async () => as((await import('../../src/components/MentionMenu/index.js')).MentionMenu),
      mentionProps,
      'DIV',
      (root) => root.querySelector('[role="listbox"]'),
    ],
    [
      'MentionChip',
      async () => as((await import('../../src/components/MentionMenu/index.js')).MentionChip),
      { mention: { uri: 'file:///a.ts', label: 'a.ts' } },
      'SPAN',
    ],
    [
      'SignInTerminalDialog',
      async () => as((await import('../../src/components/SignInTerminal/index.js')).SignInTerminalDialog),
      { signIn, methodName: 'Log in', onClose: noop },
      'DIALOG',
    ],
  ];

  it.each(parts)('%s', async (_name, load, props, tag, idOn) => {
    // jsdom has no modal dialogs; the sign-in dialog only needs to open.
    const proto = HTMLDialogElement.prototype as { showModal?: () => void; close?: () => void };
    const { showModal, close } = proto;
    proto.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    onTestFinished(() => {
      Object.assign(proto, { showModal, close });
    });
    const Component = await load();
    const host = hostProps();
    const { container } = render(<Component {...props} {...host} />);
    await waitFor(() => expect(container.firstElementChild).not.toBeNull(), { timeout: 15_000 });
    await act(async () => {});
    expectOnRoot(container, host, tag, 1, idOn);
  });
});
