/**
 * Clients for the demo agent's ACP v2 tests: the SDK's own v2 CLIENT app (its unstable entry, which
 * validates every update and request it receives) and its stable v1 app, each over a real loopback
 * WebSocket, plus small readers of what they recorded.
 */
import { expect } from 'vitest';
import * as acp from '@agentclientprotocol/sdk';
import * as v2 from '@agentclientprotocol/sdk/experimental/v2/unstable';
import { createWebSocketStream } from '@agentclientprotocol/sdk/experimental/ws-client';
import { WebSocket } from 'ws';
import type { startDemoAgentServer } from '../../demo-agent/server.mjs';
import { recordedStream } from './recorded-stream.js';

const m = v2.methods;
export const CWD = '/home/demo/project';

export type Server = Awaited<ReturnType<typeof startDemoAgentServer>>;
export type Update = v2.SessionUpdate;
export type Note = { sessionId: string; update: Update };
export type V2Options = {
  permission?: (params: v2.RequestPermissionRequest) => v2.RequestPermissionResponse | Promise<v2.RequestPermissionResponse>;
};

/** The SDK's v2 client over a loopback WebSocket, recording what reached its handlers and what was on the wire. */
export function connectV2(url: string, options: V2Options = {}) {
  const notes: Note[] = [];
  const { stream, received: raw } = recordedStream(url);
  const permissions: v2.RequestPermissionRequest[] = [];
  const statesAtPermission: string[] = [];
  const watchers = new Set<() => void>();
  const conn = v2
    .client({ name: 'demo-agent-v2-test' })
    .onNotification(m.client.session.update, ({ params }) => {
      notes.push(params as Note);
      for (const watch of watchers) watch();
    })
    .onRequest(m.client.session.requestPermission, async ({ params }) => {
      permissions.push(params);
      const states = notes.filter((n) => n.sessionId === params.sessionId && n.update.sessionUpdate === 'state_update');
      statesAtPermission.push((states.at(-1)?.update as { state?: string } | undefined)?.state ?? 'none');
      for (const watch of watchers) watch();
      if (options.permission) return options.permission(params);
      return { outcome: { outcome: 'selected', optionId: 'allow_once' } };
    })
    .onRequest(m.client.elicitation.create, () => ({ action: 'cancel' }))
    .connect(stream);
  const agent = conn.agent;
  const of = (sessionId: string) => notes.filter((n) => n.sessionId === sessionId).map((n) => n.update);
  /** Resolves once `ready()` holds, checked after every update and permission request. */
  const until = <T>(ready: () => T | undefined) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const value = ready();
        if (value === undefined) return;
        watchers.delete(check);
        resolve(value);
      };
      watchers.add(check);
      check();
    });
  const idles = (sessionId: string) => of(sessionId).filter(isIdle);
  return {
    conn,
    agent,
    notes,
    raw,
    permissions,
    statesAtPermission,
    of,
    init(caps: v2.ClientCapabilities = { elicitation: { form: {}, url: {} } }) {
      return agent.request(m.agent.initialize, { protocolVersion: 2, info: { name: 'v2-test', version: '1.0.0' }, capabilities: caps });
    },
    newSession() {
      return agent.request(m.agent.session.new, { cwd: CWD, mcpServers: [] });
    },
    /** Sends a prompt and waits for the idle state that ends its turn. */
    async turn(sessionId: string, text: string) {
      const before = idles(sessionId).length;
      const accepted = await agent.request(m.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] });
      const idle = await until(() => idles(sessionId)[before]);
      return { accepted, idle };
    },
    until,
    /** Every session/update on the wire reached the handler (so the SDK's v2 schema accepted it). */
    assertAllParsed() {
      const onWire = raw.filter((x) => x.method === 'session/update').length;
      expect(notes.length, 'session/update messages the v2 client could not parse').toBe(onWire);
    },
    close() {
      conn.close();
    },
  };
}

export function isIdle(u: Update): u is Extract<Update, { sessionUpdate: 'state_update' }> & { state: 'idle'; stopReason?: string } {
  return u.sessionUpdate === 'state_update' && (u as { state?: string }).state === 'idle';
}
export const kinds = (updates: Update[]) => updates.map((u) => u.sessionUpdate);
export const ofKind = (updates: Update[], kind: string) => updates.filter((u) => u.sessionUpdate === kind) as any[];
/** The updates of the last turn: from the first `state_update running` after the idle before it. */
export function lastTurn(updates: Update[]) {
  const previousIdle = updates.slice(0, -1).map(isIdle).lastIndexOf(true);
  const start = updates.findIndex((u, i) => i > previousIdle && u.sessionUpdate === 'state_update' && (u as any).state === 'running');
  return updates.slice(start);
}

/** A v1 client (the SDK's stable app) over the same kind of socket. */
export function connectV1(url: string) {
  const conn = acp
    .client({ name: 'demo-agent-v1-test' })
    .onNotification(acp.methods.client.session.update, () => {})
    .connect(createWebSocketStream(url, { WebSocket: WebSocket as any }));
  return conn;
}
