// @ts-check
/**
 * The demo agent's fixed catalog: its identity, limits, auth methods, slash commands, session
 * modes, models (and what they cost), thought levels and the permission options it offers.
 * Data only, shared by the handlers and the scripts.
 */

/**
 * @typedef {import('@agentclientprotocol/sdk').AvailableCommand} AvailableCommand
 * @typedef {import('@agentclientprotocol/sdk').PermissionOption} PermissionOption
 * @typedef {import('@agentclientprotocol/sdk').AuthMethod} AuthMethod
 */

export const DEMO_AGENT_NAME = 'acp-react-demo-agent';
export const DEMO_AGENT_TITLE = 'Demo Agent';
export const DEMO_AGENT_VERSION = '0.1.0';
export const CONTEXT_WINDOW_SIZE = 200_000;
export const AUTH_METHOD_ID = 'demo-login';
export const TERMINAL_AUTH_METHOD_ID = 'demo-terminal-login';
export const DEFAULT_LIST_PAGE_SIZE = 5;
export const STREAM_MAX_CHUNKS = 1_000_000;

/** @type {AuthMethod[]} */
export const AUTH_METHODS = [
  {
    id: AUTH_METHOD_ID,
    name: 'Demo login',
    description: 'Pretend to sign in. The demo agent needs no credentials; any call succeeds.',
  },
  {
    type: 'terminal',
    id: TERMINAL_AUTH_METHOD_ID,
    name: 'Terminal login',
    description: 'Shown for display only: needs the agent binary in an interactive terminal. Clients must never pass it to authenticate.',
    args: ['--login'],
  },
];

/** @type {AvailableCommand[]} */
export const DEMO_COMMANDS = [
  { name: 'explain', description: 'Long markdown explanation with a ~200-line TypeScript block', input: { hint: 'what to explain' } },
  { name: 'edit', description: 'Propose an edit: diff, permission prompt, then fs/write_text_file', input: { hint: 'file or change' } },
  { name: 'refactor', description: 'Edit several files at once (one permission, fs/write_text_file each): try the change review' },
  { name: 'delegate', description: 'Hand a task to a sub-agent (a Task tool call with a nested run)', input: { hint: 'task' } },
  {
    name: 'subagents',
    description: 'Split a task between two sub-agents in child sessions (needs the UNSTABLE subagents client capability)',
    input: { hint: 'task' },
  },
  { name: 'test', description: 'Run npm test in a client terminal' },
  { name: 'plan', description: 'Build a plan and advance it step by step' },
  { name: 'form', description: 'Ask for project settings through an elicitation form' },
  { name: 'login', description: 'Sign in to a demo service through a URL elicitation' },
  { name: 'compact', description: 'Compact the conversation context (usage drops)' },
  { name: 'notice', description: 'Send info, warning and error notices' },
  { name: 'stream', description: 'Stream N tiny message chunks as fast as possible (benchmark)', input: { hint: 'number of chunks' } },
  { name: 'long', description: 'Very long answer that stops with max_tokens', input: { hint: '"turns" to stop with max_turn_requests' } },
  { name: 'fail', description: 'Run a tool call that fails' },
  { name: 'refuse', description: 'Refuse the request (stopReason refusal)' },
  { name: 'slow', description: 'Stream slowly for ~10 seconds; try cancelling', input: { hint: 'seconds' } },
];

export const MODES = [
  { id: 'ask', name: 'Ask', description: 'Answer questions; request permission before every change' },
  { id: 'code', name: 'Code', description: 'Write and edit code, run tools' },
  { id: 'architect', name: 'Architect', description: 'Plan and design before touching code' },
];

export const MODEL_GROUPS = [
  {
    group: 'fast',
    name: 'Fast',
    options: [
      { value: 'demo-mini', name: 'Demo Mini', description: 'Quick answers, small context' },
      { value: 'demo-flash', name: 'Demo Flash', description: 'Balanced speed and quality' },
    ],
  },
  {
    group: 'reasoning',
    name: 'Reasoning',
    options: [
      { value: 'demo-pro', name: 'Demo Pro', description: 'Careful multi-step reasoning' },
      { value: 'demo-ultra', name: 'Demo Ultra', description: 'Slowest and most thorough' },
    ],
  },
];

/** USD per 1000 tokens, by model. */
export const MODEL_PRICE = /** @type {Record<string, number>} */ ({
  'demo-mini': 0.0005,
  'demo-flash': 0.001,
  'demo-pro': 0.003,
  'demo-ultra': 0.015,
});

export const THOUGHT_LEVELS = [
  { value: 'off', name: 'Off', description: 'No visible reasoning' },
  { value: 'low', name: 'Low' },
  { value: 'medium', name: 'Medium' },
  { value: 'high', name: 'High', description: 'Longest reasoning' },
];

/** @type {PermissionOption[]} */
export const PERMISSION_OPTIONS = [
  { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'allow_always', name: 'Always allow edits', kind: 'allow_always' },
  { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  { optionId: 'reject_always', name: 'Always reject edits', kind: 'reject_always' },
];
