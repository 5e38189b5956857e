import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Thread, type ThreadProps } from '../src/components/Thread/index.js';
import { preloadComponents } from '../src/components/shared/index.js';
import { applySessionUpdate, createSessionState, endTurn, startTurn } from '../src/core/index.js';
import { appendBlock, readContentBlock, textOf } from '../src/core/content.js';
import { applyPlan } from '../src/core/reducer/plans.js';
import { closeOpenThought } from '../src/core/reducer/thoughts.js';
import { sessionMessageReducers } from '../src/core/session-messages.js';
import { applyChildUpdate, applySubagentUpdate, parseSubagentUpdate } from '../src/core/subagents.js';
import { appendItem, replaceItem } from '../src/core/thread.js';
import { parseTranscript, replayTranscript, type TranscriptEntry } from '../src/core/devtools/index.js';
import type { CreateElicitationResponse, ElicitationState, PermissionRequestState, PlanState, SessionState, TerminalState } from '../src/core/types.js';
import claudeOffline from '../fixtures/claude-agent-acp.offline.ndjson?raw';
import demoCancel from '../fixtures/demo-cancel.ndjson?raw';
import demoCompaction from '../fixtures/demo-compaction.ndjson?raw';
import demoElicitation from '../fixtures/demo-elicitation.ndjson?raw';
import demoFailedTool from '../fixtures/demo-failed-tool.ndjson?raw';
import demoFullTurn from '../fixtures/demo-full-turn.ndjson?raw';
import demoInterrupted from '../fixtures/demo-interrupted.ndjson?raw';
import demoMaxTokens from '../fixtures/demo-max-tokens.ndjson?raw';
import demoMaxTurnRequests from '../fixtures/demo-max-turn-requests.ndjson?raw';
import demoNotices from '../fixtures/demo-notices.ndjson?raw';
import demoRefusal from '../fixtures/demo-refusal.ndjson?raw';
import sdkAllow from '../fixtures/sdk-example-agent.allow.ndjson?raw';
import sdkCancel from '../fixtures/sdk-example-agent.cancel.ndjson?raw';
import sdkReject from '../fixtures/sdk-example-agent.reject.ndjson?raw';

// ---------------------------------------------------------------------------------------------
// Replaying recordings. The core's replay gives the session and permission requests; terminals
// and elicitations are client-side state it does not rebuild, so they are read back from the
// client's own requests and answers in the same transcript.
// ---------------------------------------------------------------------------------------------

interface Scene {
  session: SessionState;
  permissionRequests: PermissionRequestState[];
  elicitations: ElicitationState[];
  terminals: Record<string, TerminalState>;
}

type Json = Record<string, unknown>;
const msgOf = (entry: TranscriptEntry) => (entry.msg ?? {}) as Json;
const paramsOf = (entry: TranscriptEntry) => (msgOf(entry).params ?? {}) as Json;

function scene(entries: readonly TranscriptEntry[], limit?: number): Scene {
  const shown = limit === undefined ? entries : entries.slice(0, limit);
  const snapshot = replayTranscript(shown);
  const session = Object.values(snapshot.sessions)[0];
  if (!session) throw new Error('The transcript has no session.');
  return {
    session,
    permissionRequests: snapshot.permissionRequests,
    elicitations: elicitationsOf(shown),
    terminals: terminalsOf(shown),
  };
}

/** Each agent request's answer from the client, by request id. */
function answers(entries: readonly TranscriptEntry[]): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const entry of entries) {
    const msg = msgOf(entry);
    if (entry.dir === 'client->agent' && msg.method === undefined && msg.id !== undefined) out.set(String(msg.id), msg);
  }
  return out;
}

function terminalsOf(entries: readonly TranscriptEntry[]): Record<string, TerminalState> {
  const replies = answers(entries);
  const terminals: Record<string, TerminalState> = {};
  for (const entry of entries) {
    const msg = msgOf(entry);
    if (entry.dir !== 'agent->client' || typeof msg.method !== 'string') continue;
    const params = paramsOf(entry);
    const result = (replies.get(String(msg.id))?.result ?? null) as Json | null;
    if (msg.method === 'terminal/create' && result && typeof result.terminalId === 'string') {
      terminals[result.terminalId] = {
        terminalId: result.terminalId,
        sessionId: String(params.sessionId),
        command: String(params.command),
        args: (params.args as string[] | undefined) ?? [],
        cwd: (params.cwd as string | undefined) ?? null,
        output: '',
        truncated: false,
        exitStatus: null,
        released: false,
      };
    }
    const terminal = terminals[String(params.terminalId)];
    if (!terminal) continue;
    if (msg.method === 'terminal/output' && result) {
      terminals[terminal.terminalId] = {
        ...terminal,
        output: String(result.output ?? ''),
        truncated: Boolean(result.truncated),
        exitStatus: (result.exitStatus as TerminalState['exitStatus']) ?? terminal.exitStatus,
      };
    } else if (msg.method === 'terminal/release') {
      terminals[terminal.terminalId] = { ...terminal, released: true };
    }
  }
  return terminals;
}

function elicitationsOf(entries: readonly TranscriptEntry[]): ElicitationState[] {
  const replies = answers(entries);
  const completed = new Set(entries.filter((e) => msgOf(e).method === 'elicitation/complete').map((e) => String(paramsOf(e).elicitationId)));
  const out: ElicitationState[] = [];
  for (const entry of entries) {
    const msg = msgOf(entry);
    if (entry.dir !== 'agent->client' || msg.method !== 'elicitation/create') continue;
    const params = paramsOf(entry);
    const response = (replies.get(String(msg.id))?.result ?? null) as CreateElicitationResponse | null;
    const elicitationId = typeof params.elicitationId === 'string' ? params.elicitationId : null;
    const status: ElicitationState['status'] =
      elicitationId && completed.has(elicitationId)
        ? 'completed'
        : response === null
          ? 'pending'
          : response.action === 'accept'
            ? 'accepted'
            : response.action === 'decline'
              ? 'declined'
              : 'cancelled';
    out.push({
      requestId: `replay-elicitation-${String(msg.id)}`,
      mode: String(params.mode),
      message: String(params.message ?? ''),
      sessionId: typeof params.sessionId === 'string' ? params.sessionId : null,
      toolCallId: typeof params.toolCallId === 'string' ? params.toolCallId : null,
      scopeRequestId: null,
      requestedSchema: (params.requestedSchema ?? null) as ElicitationState['requestedSchema'],
      url: typeof params.url === 'string' ? params.url : null,
      elicitationId,
      status,
      response,
      createdAt: entry.t,
    });
  }
  return out;
}

/** The number of entries up to and including the first one that matches. */
function through(entries: readonly TranscriptEntry[], match: (msg: Json) => boolean, nth = 1): number {
  let seen = 0;
  const index = entries.findIndex((entry) => match(msgOf(entry)) && ++seen === nth);
  if (index < 0) throw new Error('No such entry in the transcript.');
  return index + 1;
}
const isUpdate = (kind: string) => (msg: Json) =>
  msg.method === 'session/update' && ((msg.params as Json | undefined)?.update as Json | undefined)?.sessionUpdate === kind;

const transcripts = {
  claudeOffline: parseTranscript(claudeOffline),
  demoCancel: parseTranscript(demoCancel),
  demoCompaction: parseTranscript(demoCompaction),
  demoElicitation: parseTranscript(demoElicitation),
  demoFailedTool: parseTranscript(demoFailedTool),
  demoFullTurn: parseTranscript(demoFullTurn),
  demoInterrupted: parseTranscript(demoInterrupted),
  demoMaxTokens: parseTranscript(demoMaxTokens),
  demoMaxTurnRequests: parseTranscript(demoMaxTurnRequests),
  demoNotices: parseTranscript(demoNotices),
  demoRefusal: parseTranscript(demoRefusal),
  sdkAllow: parseTranscript(sdkAllow),
  sdkCancel: parseTranscript(sdkCancel),
  sdkReject: parseTranscript(sdkReject),
};

// ---------------------------------------------------------------------------------------------
// A long thread for virtualization: the recorded turns of several transcripts, played again and
// again into one session. Ids that must stay unique (request ids, tool call, message, terminal
// and compaction ids) get a per-copy suffix; nothing else is changed.
// ---------------------------------------------------------------------------------------------

const RENAMED_KEYS = new Set(['toolCallId', 'messageId', 'terminalId', 'compactionId', 'elicitationId']);

function renamed(value: unknown, suffix: string, sessionId: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, suffix, sessionId));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    if (key === 'sessionId' && typeof v === 'string') out[key] = sessionId;
    else if (RENAMED_KEYS.has(key) && typeof v === 'string') out[key] = `${v}~${suffix}`;
    else out[key] = renamed(v, suffix, sessionId);
  }
  return out;
}

function longThreadEntries(turns: number): TranscriptEntry[] {
  const base = transcripts.demoFullTurn;
  const firstPrompt = base.findIndex((e) => msgOf(e).method === 'session/prompt');
  const sessionId = String(paramsOf(base[firstPrompt]!).sessionId);
  const sources = [
    transcripts.demoFullTurn,
    transcripts.demoRefusal,
    transcripts.demoFailedTool,
    transcripts.demoMaxTurnRequests,
    transcripts.sdkAllow,
    transcripts.demoNotices,
  ];
  const bodies = sources.map((entries) => entries.slice(entries.findIndex((e) => msgOf(e).method === 'session/prompt')));
  const out: TranscriptEntry[] = base.slice(0, firstPrompt);
  let clock = out[out.length - 1]?.t ?? 0;
  let copy = 0;
  while (out.filter((e) => msgOf(e).method === 'session/prompt').length < turns) {
    const body = bodies[copy % bodies.length]!;
    const start = body[0]!.t;
    for (const entry of body) {
      const msg = renamed(entry.msg, String(copy), sessionId) as Json;
      if (msg.id !== undefined && msg.id !== null) msg.id = copy * 100_000 + Number(msg.id);
      out.push({ dir: entry.dir, t: clock + (entry.t - start), msg });
    }
    clock = out[out.length - 1]!.t + 1000;
    copy++;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Built with the reducer: content no recording has (unknown updates, hostile text).
// ---------------------------------------------------------------------------------------------

function withUnsupported(): Scene {
  const base = scene(transcripts.sdkAllow);
  let session = base.session;
  const at = session.turns[0]?.endedAt ?? 0;
  // An update kind from a future ACP version, and a malformed tool call (no id).
  session = applySessionUpdate(session, { sessionUpdate: 'artifact_update', artifactId: 'a1', title: 'Chart', mimeType: 'image/svg+xml' }, at);
  session = applySessionUpdate(session, { sessionUpdate: 'tool_call', title: 'Missing id', kind: 'read' }, at);
  return { ...base, session };
}

const HOSTILE_MARKDOWN = [
  'Here is what you asked for: <script>alert("markdown")</script>',
  '',
  '<img src="x" onerror="alert(\'img\')"> and <iframe src="https://example.com"></iframe>',
  '',
  '[a javascript link](javascript:alert(1)) · [a data link](data:text/html,<script>alert(1)</script>) · [a normal link](https://example.com)',
  '',
  '```html',
  '<button onclick="alert(1)">not a button</button>',
  '```',
].join('\n');

function hostile(): Scene {
  let session = createSessionState('hostile', { cwd: '/workspace/demo' });
  session = startTurn(session, 'turn-1', [{ type: 'text', text: '<b onmouseover="alert(1)">bold?</b> "quotes" & <ampersands>' }], 1000);
  session = applySessionUpdate(session, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: HOSTILE_MARKDOWN } }, 1100);
  session = applySessionUpdate(
    session,
    {
      sessionUpdate: 'tool_call',
      toolCallId: 'call-evil',
      title: '<img src=x onerror=alert("title")> rm -rf / && echo "pwned"',
      kind: 'execute',
      status: 'completed',
      rawInput: { command: 'echo "<script>alert(1)</script>"' },
      content: [{ type: 'terminal', terminalId: 'term-evil' }],
      locations: [{ path: '/workspace/demo/<svg onload=alert(1)>.ts', line: 3 }],
    },
    1200,
  );
  session = applySessionUpdate(
    session,
    { sessionUpdate: 'notice', severity: '<script>', title: '<marquee>Notice</marquee> with HTML', description: '<a href="javascript:alert(1)">click</a>' },
    1300,
  );
  session = applySessionUpdate(session, { sessionUpdate: '<img src=x onerror=alert(1)>', payload: '</pre><script>alert(1)</script>' }, 1400);
  session = endTurn(session, 'turn-1', { stopReason: 'end_turn' }, 1500);
  const terminals: Record<string, TerminalState> = {
    'term-evil': {
      terminalId: 'term-evil',
      sessionId: 'hostile',
      command: 'echo',
      args: ['<script>alert(1)</script>'],
      cwd: '/workspace/demo',
      output: '\u001b[31m<script>alert("terminal")</script>\u001b[0m\n\u001b]8;;javascript:alert(1)\u0007link\u001b]8;;\u0007\n<img src=x onerror=alert(1)>\n',
      truncated: false,
      exitStatus: { exitCode: 0, signal: null },
      released: true,
    },
  };
  return { session, permissionRequests: [], elicitations: [], terminals };
}

// ---------------------------------------------------------------------------------------------
// The host side: answers are kept locally so prompts and forms can be used in the story.
// ---------------------------------------------------------------------------------------------

function Frame({ children, theme }: { children: ReactNode; theme?: 'dark' }) {
  return (
    <div
      data-theme={theme}
      // The preview pads 16 px: fill the rest of the frame so the log scrolls inside it.
      style={{ height: 'calc(100vh - 32px)', maxWidth: 860, margin: '0 auto', background: 'var(--acp-bg)', color: 'var(--acp-fg)' }}
    >
      {children}
    </div>
  );
}

interface DemoProps extends Partial<Omit<ThreadProps, 'session'>> {
  build: () => Scene;
  theme?: 'dark';
}

function ThreadDemo({ build, theme, ...rest }: DemoProps) {
  const initial = useMemo(() => build(), [build]);
  const [permissionRequests, setPermissionRequests] = useState(initial.permissionRequests);
  const [elicitations, setElicitations] = useState(initial.elicitations);
  return (
    <Frame theme={theme}>
      <Thread
        session={initial.session}
        permissionRequests={permissionRequests}
        elicitations={elicitations}
        terminals={initial.terminals}
        onRespondPermission={(requestId, optionId) =>
          setPermissionRequests((all) => all.map((r) => (r.requestId === requestId ? { ...r, status: 'answered', optionId } : r)))
        }
        onRespondElicitation={(requestId, response) =>
          setElicitations((all) =>
            all.map((e) =>
              e.requestId === requestId
                ? { ...e, response, status: response.action === 'accept' ? 'accepted' : response.action === 'decline' ? 'declined' : 'cancelled' }
                : e,
            ),
          )
        }
        onOpenLocation={() => {}}
        {...rest}
      />
    </Frame>
  );
}

/**
 * Child agents (UNSTABLE `subagent_update`, with the client's `subagents` opt-in) under a finished
 * turn: one still running with a cancel the agent allows, one finished; each child's own updates
 * reduced into its run exactly as the client does. The messages between the session and its
 * children (`session_message`, `session_message_chunk`) are in both transcripts: the parent's
 * brief to one child and the other child's report in the thread, each child's view in its run.
 */
function withSubagents(): Scene {
  const base = full();
  const reducers = { createSessionState, applySessionUpdate };
  let session = base.session;
  /** `by`: the child that announced it (a child's own child), else the session. */
  const announce = (raw: Record<string, unknown>, by?: string) => {
    const patch = parseSubagentUpdate({ sessionUpdate: 'subagent_update', ...raw });
    if (typeof patch === 'string') throw new Error(patch);
    session = applySubagentUpdate(session, patch, reducers, by);
  };
  // As the client's router applies them: inter-session messages through their own reducers.
  const reducersFor = sessionMessageReducers(reducers, [readContentBlock, appendBlock, textOf, appendItem, replaceItem, closeOpenThought]);
  const using = (update: Record<string, unknown>) =>
    reducersFor(update, (problem) => {
      throw new Error(problem);
    }) ?? reducers;
  const child = (sessionId: string, updates: Record<string, unknown>[]) =>
    updates.forEach((update, i) => (session = applyChildUpdate(session, sessionId, update, 1_000 + i, using(update))));
  const parent = (updates: Record<string, unknown>[]) =>
    updates.forEach((update, i) => (session = using(update).applySessionUpdate(session, update, 2_000 + i)));
  const parentId = session.sessionId;
  const text = (t: string) => ({ type: 'text', text: t });
  const brief = 'Run only the greeting tests:\n\n```sh\nnpm test -- greeting\n```\n\nTell me which ones fail.';
  const report = 'The examples in `README.md` still match the greeting API; nothing to change.';
  const say = (text: string) => ({ sessionUpdate: 'agent_message_chunk', messageId: null, content: { type: 'text', text } });
  const tool = (toolCallId: string, title: string, kind: string, status: string) => ({ sessionUpdate: 'tool_call', toolCallId, title, kind, status });

  announce({
    sessionId: 'child-tests',
    title: 'Run the test suite',
    description: 'Runs the tests and reports failures',
    state: { state: 'running' },
    capabilities: { cancel: {} },
  });
  parent([{ sessionUpdate: 'session_message', messageId: 'brief', senderSessionId: parentId, recipientSessionId: 'child-tests', content: [text(brief)] }]);
  child('child-tests', [
    { sessionUpdate: 'session_message_chunk', messageId: 'brief-in', content: text(brief) },
    { sessionUpdate: 'session_message', messageId: 'brief-in', senderSessionId: parentId, recipientSessionId: 'child-tests', senderMessageId: 'brief' },
    say('Running the unit tests first.'),
    tool('c1', 'npm test -- greeting', 'execute', 'in_progress'),
  ]);
  // A child's own child: the test runner started one to rebuild the fixtures first.
  announce(
    { sessionId: 'child-fixtures', title: 'Rebuild the fixtures', description: 'Regenerates the greeting snapshots', state: { state: 'running' } },
    'child-tests',
  );
  child('child-fixtures', [tool('f1', 'npm run fixtures', 'execute', 'in_progress')]);
  announce({
    sessionId: 'child-docs',
    title: 'Check the README',
    description: 'Looks for examples that no longer compile',
    state: { state: 'idle', stopReason: 'end_turn' },
  });
  child('child-docs', [
    tool('d1', 'Read README.md', 'read', 'completed'),
    say('The examples still match the greeting API.'),
    { sessionUpdate: 'session_message', messageId: 'report', senderSessionId: 'child-docs', recipientSessionId: parentId, content: [text(report)] },
  ]);
  parent([
    { sessionUpdate: 'session_message', messageId: 'report-in', senderSessionId: 'child-docs', recipientSessionId: parentId, senderMessageId: 'report' },
    { sessionUpdate: 'session_message_chunk', messageId: 'report-in', content: text(report) },
  ]);
  return { ...base, session };
}

/**
 * Requests the children sent with their own session ids (UNSTABLE subagents), shown in the parent's
 * thread as the client files them (`sessionId` the parent's, `subagentSessionId` the child's): a
 * permission request from the titled child and a form from a child the agent gave no title.
 */
function withSubagentRequests(): Scene {
  const base = withSubagents();
  const patch = parseSubagentUpdate({ sessionUpdate: 'subagent_update', sessionId: 'child-lint', state: { state: 'requires_action' } });
  if (typeof patch === 'string') throw new Error(patch);
  const session = applySubagentUpdate(base.session, patch, { createSessionState, applySessionUpdate });
  const at = Number.MAX_SAFE_INTEGER;
  const permission: PermissionRequestState = {
    requestId: 'child-permission',
    sessionId: session.sessionId,
    subagentSessionId: 'child-tests',
    toolCall: { toolCallId: 'c2', title: 'Delete the stale snapshots', kind: 'delete', locations: [{ path: '/workspace/test/__snapshots__' }] },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
    status: 'pending',
    optionId: null,
    byPolicy: false,
    createdAt: at,
  };
  const form: ElicitationState = {
    requestId: 'child-form',
    mode: 'form',
    message: 'Which lint preset should the sub-agent apply?',
    sessionId: session.sessionId,
    subagentSessionId: 'child-lint',
    toolCallId: null,
    scopeRequestId: null,
    requestedSchema: { type: 'object', properties: { preset: { type: 'string', title: 'Preset', enum: ['recommended', 'strict'] } }, required: ['preset'] },
    url: null,
    elicitationId: null,
    status: 'pending',
    response: null,
    createdAt: at,
  };
  return { ...base, session, permissionRequests: [...base.permissionRequests, permission], elicitations: [...base.elicitations, form] };
}

/** Plays a recording entry by entry (faster than recorded), to watch streaming and following. */
function Playback({ entries, stepMs = 25 }: { entries: readonly TranscriptEntry[]; stepMs?: number }) {
  // From the first prompt: before it the session does not exist yet.
  const first = useMemo(() => through(entries, (m) => m.method === 'session/prompt'), [entries]);
  const [limit, setLimit] = useState(first);
  useEffect(() => {
    if (limit >= entries.length) return;
    const timer = setTimeout(() => setLimit((n) => n + 1), stepMs);
    return () => clearTimeout(timer);
  }, [limit, entries.length, stepMs]);
  const current = useMemo(() => scene(entries, limit), [entries, limit]);
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 8 }}>
        <div>
          <button type="button" className="acp-button" onClick={() => setLimit(first)}>
            Replay from the start
          </button>
        </div>
        <div style={{ flex: 1, minHeight: 0 }}>
          <Thread session={current.session} permissionRequests={current.permissionRequests} elicitations={current.elicitations} terminals={current.terminals} />
        </div>
      </div>
    </Frame>
  );
}

// ---------------------------------------------------------------------------------------------

const meta = {
  title: 'Components/Thread',
  component: Thread,
  parameters: { controls: { disable: true } },
  // The conversation loads on demand (the thread's fallback is covered by the component tests);
  // the stories show the loaded thread.
  loaders: [() => preloadComponents()],
} satisfies Meta<typeof Thread>;

export default meta;
type Story = StoryObj;

const full = () => scene(transcripts.demoFullTurn);

/** The demo agent's default turn, finished: thought, plan, read, markdown, edit with its answered permission, terminal. */
export const FullTurn: Story = { render: () => <ThreadDemo build={full} /> };

/**
 * The same turn with two more plans (plan operations, `plan_update`): a Markdown plan document
 * kept in a file, and a plan the agent keeps in a file. All three are pinned under the log, each
 * named by its plan id, the main checklist first; the pinned area scrolls past 40% of the thread.
 */
function withSeveralPlans(): Scene {
  const base = full();
  const plans: PlanState[] = [
    {
      planId: 'design',
      type: 'markdown',
      content: '## Greeting fix\n\n1. Read `greet()`.\n2. Add the missing **comma**.\n3. Run `npm test`.',
      path: '/workspace/demo/.agent/plans/greeting.md',
      _meta: null,
    },
    { planId: 'review', type: 'file', uri: 'file:///workspace/demo/.agent/plans/review.md', _meta: null },
  ];
  return { ...base, session: plans.reduce(applyPlan, base.session) };
}
export const SeveralPlans: Story = { render: () => <ThreadDemo build={withSeveralPlans} /> };

/** The same recording cut part-way through the markdown answer: the turn is running and the answer streams. */
export const StreamingMidway: Story = {
  render: () => <ThreadDemo build={() => scene(transcripts.demoFullTurn, through(transcripts.demoFullTurn, isUpdate('agent_message_chunk'), 30))} />,
};

/** Cut right after `session/request_permission`: the prompt waits inside the edit card (focus moves to it). */
export const PermissionPending: Story = {
  render: () => (
    <ThreadDemo
      build={() =>
        scene(
          transcripts.demoFullTurn,
          through(transcripts.demoFullTurn, (m) => m.method === 'session/request_permission'),
        )
      }
    />
  ),
};

/** `/form`: a form elicitation waiting inside the tool call that asked for it. */
export const ElicitationPending: Story = {
  render: () => (
    <ThreadDemo
      build={() =>
        scene(
          transcripts.demoElicitation,
          through(transcripts.demoElicitation, (m) => m.method === 'elicitation/create'),
        )
      }
    />
  ),
};

/** `/form` accepted, then `/login`: a URL elicitation without a tool call, completed by the agent. */
export const ElicitationsAnswered: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoElicitation)} /> };

/** `/plan`, then `/compact`: the compaction marker with its streamed summary folded. */
export const Compaction: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoCompaction)} /> };

/** `/notice`: info, warning and error banners, each dismissible. */
export const Notices: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoNotices)} /> };

/** The SDK example turn plus two updates this library cannot use (an unknown kind, a tool call without id). */
export const UnsupportedItems: Story = { render: () => <ThreadDemo build={withUnsupported} /> };

/** `/plan`, then `/refuse`: the refused turn is marked as left out of the next prompt. */
export const Refusal: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoRefusal)} /> };

/** `/long`: the answer stops mid-word with `max_tokens`. */
export const MaxTokens: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoMaxTokens)} /> };

/** Three searches, then `max_turn_requests`. */
export const MaxTurnRequests: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoMaxTurnRequests)} /> };

/** `/fail`: a fetch tool call fails; the turn itself ends normally. */
export const FailedToolCall: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoFailedTool)} /> };

/** claude-agent-acp without a login: the prompt fails with -32000 "Authentication required". */
export const FailedTurnAuthRequired: Story = { render: () => <ThreadDemo build={() => scene(transcripts.claudeOffline)} /> };

/**
 * `/slow` with the connection dropped mid-turn. The transcript simply ends (the prompt is never
 * answered); the client then ends the turn as interrupted and restores the session, as here.
 */
export const Interrupted: Story = {
  render: () => (
    <ThreadDemo
      build={() => {
        const base = scene(transcripts.demoInterrupted);
        const turn = base.session.turns[base.session.turns.length - 1]!;
        const ended = endTurn(
          base.session,
          turn.turnId,
          { error: { code: 'connection_closed', message: 'The connection to the agent was lost.' }, interrupted: true },
          turn.startedAt + 2000,
        );
        return { ...base, session: { ...ended, status: 'restoring' } };
      }}
    />
  ),
};

/** `/slow`, cancelled by the user part-way. */
export const Cancelled: Story = { render: () => <ThreadDemo build={() => scene(transcripts.demoCancel)} /> };

/** The SDK's example agent, permission allowed. */
export const SdkExampleAllow: Story = { render: () => <ThreadDemo build={() => scene(transcripts.sdkAllow)} /> };

/** The SDK's example agent, permission rejected (its edit call is left pending by the agent). */
export const SdkExampleReject: Story = { render: () => <ThreadDemo build={() => scene(transcripts.sdkReject)} /> };

/** The SDK's example agent, cancelled before it asked for permission. */
export const SdkExampleCancel: Story = { render: () => <ThreadDemo build={() => scene(transcripts.sdkCancel)} /> };

/** 320 recorded turns in one session: virtualized by turn (only turns near the viewport are mounted). */
export const LongThread: Story = { render: () => <ThreadDemo build={() => scene(longThreadEntries(320))} /> };

/** HTML and script in markdown, a tool title, a file path, terminal output, a notice and an update kind: all inert text. */
export const HostileContent: Story = { render: () => <ThreadDemo build={hostile} /> };

export const Empty: Story = {
  render: () => <ThreadDemo build={() => ({ session: createSessionState('empty'), permissionRequests: [], elicitations: [], terminals: {} })} />,
};

/** `session/load` in progress. */
export const Loading: Story = {
  render: () => (
    <ThreadDemo build={() => ({ session: createSessionState('loading', { status: 'loading' }), permissionRequests: [], elicitations: [], terminals: {} })} />
  ),
};

/** The session could not be restored after a reconnect. */
export const Lost: Story = {
  render: () => (
    <ThreadDemo
      build={() => {
        const base = scene(transcripts.sdkAllow);
        return {
          ...base,
          session: { ...base.session, status: 'lost', statusReason: 'The agent can neither resume nor load sessions, so this session could not be restored.' },
        };
      }}
    />
  ),
};

/** The full turn in a dark container, whatever the preview theme. */
export const Dark: Story = { render: () => <ThreadDemo build={full} theme="dark" /> };

/** The demo agent's default turn replayed live, entry by entry. */
export const LivePlayback: Story = { render: () => <Playback entries={transcripts.demoFullTurn} /> };

/** A child agent's permission request and an untitled child's form in the parent's thread: each says which sub-agent asked. */
export const SubagentRequests: Story = { render: () => <ThreadDemo build={withSubagentRequests} onCancelSubagent={() => undefined} /> };

/**
 * Child agents listed under the thread, one running (with its Stop button) and one finished, and
 * the messages between them and the main agent: "To Run the test suite", "From Check the README".
 */
export const Subagents: Story = { render: () => <ThreadDemo build={withSubagents} onCancelSubagent={() => undefined} /> };
