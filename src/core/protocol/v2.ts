/**
 * ACP v2's (Preview) requests and answers read into the views the components already render, as
 * pure functions the v2 client module calls: the `initialize` answer becomes `AgentState` (the
 * v1-shaped `capabilities` every component reads, mapped from v2's, plus `surface`, what v2 lacks
 * at all), and `session/request_permission` becomes a `PermissionRequestState`'s fields (the
 * `subject` as the tool call shown, plus the request's own title, description and command).
 * With `v2-update.ts`, the one place a schema bump of the Preview touches. Only the v2 client
 * module (`client/protocol-v2.ts`, fetched when an agent answers version 2) imports it, so a page
 * whose agent speaks v1 never loads it.
 */
import type * as acp from '@agentclientprotocol/sdk';
import type * as v2 from '@agentclientprotocol/sdk/experimental/v2';
import { isRecord, isString } from '../guards.js';
import type { AgentState, PermissionRequestState } from '../types.js';
import { metaOf } from './parsed-update.js';

/** What `readPermissionV2` reads of a request; the client adds its own bookkeeping (ids, status, time). */
export type PermissionRequestView = Pick<PermissionRequestState, 'toolCall' | 'options' | '_meta'> &
  Required<Pick<PermissionRequestState, 'title' | 'description' | 'command'>>;

/** How a connection's ACP version reads a permission request into what is shown. */
export type PermissionReader = (params: unknown, fallbackToolCallId: string) => { request: PermissionRequestView; oddity: string | null };

/**
 * A v2 `session/request_permission` (`params`, as the SDK validated it, or raw). A `tool_call`
 * subject is the tool call shown; a `command` subject, or none, gets a tool call of its own,
 * titled by the request, with `fallbackToolCallId` unless the subject names one. A v1-shaped
 * request (`toolCall`, no `title`) is read too, and `oddity` says so for the client to diagnose.
 */
export function readPermissionV2(params: unknown, fallbackToolCallId: string): { request: PermissionRequestView; oddity: string | null } {
  const p = (isRecord(params) ? params : {}) as Partial<v2.RequestPermissionRequest> & { toolCall?: unknown };
  const title = isString(p.title) ? p.title : null;
  const subject = isRecord(p.subject) ? (p.subject as Record<string, unknown>) : null;
  const options = Array.isArray(p.options) ? (p.options as acp.PermissionOption[]) : [];
  const view = { options, _meta: metaOf(p._meta), title, description: isString(p.description) ? p.description : null };

  if (subject?.type === 'tool_call' && isToolCall(subject.toolCall)) {
    return { request: { ...view, toolCall: subject.toolCall, command: null }, oddity: null };
  }
  if (title === null && isToolCall(p.toolCall)) {
    const oddity = 'A v1-shaped permission request (toolCall, no title) on an ACP v2 connection was shown as v1 defines it.';
    return { request: { ...view, toolCall: p.toolCall, command: null }, oddity };
  }
  const toolCallId = subject && isString(subject.toolCallId) && subject.toolCallId !== '' ? subject.toolCallId : fallbackToolCallId;
  const heading = title ?? 'Permission';
  if (subject?.type === 'command' && isString(subject.command)) {
    const command = {
      command: subject.command,
      cwd: isString(subject.cwd) ? subject.cwd : '',
      terminalId: isString(subject.terminalId) ? subject.terminalId : null,
    };
    return { request: { ...view, toolCall: { toolCallId, title: heading, kind: 'execute' }, command }, oddity: null };
  }
  return { request: { ...view, toolCall: { toolCallId, title: heading }, command: null }, oddity: null };
}

/**
 * A v2 `initialize` answer as `AgentState`. `capabilities` is the v1-shaped view: `session`
 * present means the baseline session methods (`list`, `resume`, `close`; load is a resume with
 * replay), prompt content and MCP transports become v1's booleans, and sign-out is always there
 * (v2's `auth/logout` is a baseline method). Auth methods take v1's shape (`id`, a terminal's
 * `env` as a record), which the sign-in panel reads. `surface` says what v2 has no place for.
 */
export function readInitializeV2(result: unknown): AgentState {
  const r = (isRecord(result) ? result : {}) as Partial<v2.InitializeResponse>;
  const caps: v2.AgentCapabilities = isRecord(r.capabilities) ? r.capabilities : {};
  const session = isRecord(caps.session) ? caps.session : null;
  const prompt = session && isRecord(session.prompt) ? session.prompt : {};
  const mcp = session && isRecord(session.mcp) ? session.mcp : {};
  const capabilities: acp.AgentCapabilities = {
    loadSession: session !== null,
    promptCapabilities: { image: isRecord(prompt.image), audio: isRecord(prompt.audio), embeddedContext: isRecord(prompt.embeddedContext) },
    mcpCapabilities: { http: isRecord(mcp.http), sse: false },
    auth: { logout: {} },
  };
  if (session) {
    capabilities.sessionCapabilities = { list: {}, resume: {}, close: {} };
    if (isRecord(session.delete)) capabilities.sessionCapabilities.delete = {};
    if (isRecord(session.additionalDirectories)) capabilities.sessionCapabilities.additionalDirectories = {};
  }
  return {
    info: isRecord(r.info) && isString(r.info.name) ? r.info : null,
    capabilities,
    authMethods: Array.isArray(r.authMethods) ? r.authMethods.flatMap(readAuthMethod) : [],
    protocolVersion: 2,
    surface: { modes: false, clientFs: false, clientTerminals: false, mcpStdio: isRecord(mcp.stdio) },
    v2Capabilities: r.capabilities,
    _meta: metaOf(r._meta),
  };
}

/** A v2 auth method (`methodId`; a terminal's `env` a list of `{name, value}`) in v1's shape; none when it has no id or name. */
function readAuthMethod(method: unknown): acp.AuthMethod[] {
  if (!isRecord(method) || !isString(method.name)) return [];
  const { methodId, ...rest } = method;
  const id = isString(methodId) && methodId !== '' ? methodId : rest.id;
  if (!isString(id) || id === '') return [];
  const read: Record<string, unknown> = { ...rest, id };
  if (Array.isArray(rest.env)) {
    read.env = Object.fromEntries(rest.env.flatMap((v: unknown) => (isRecord(v) && isString(v.name) && isString(v.value) ? [[v.name, v.value]] : [])));
  }
  return [read as acp.AuthMethod];
}

function isToolCall(value: unknown): value is acp.ToolCallUpdate {
  return isRecord(value) && isString(value.toolCallId) && value.toolCallId !== '';
}
