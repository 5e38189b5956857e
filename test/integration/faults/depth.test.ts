/**
 * Values nested deeper than any recursive walk can go (100,000 levels: a few hundred KB on the
 * wire, and `JSON.parse` builds them without recursing). The client takes them through the SDK,
 * the reducer (a user chunk is compared with the prompt to spot the agent's echo), permission
 * requests and the traffic log, stays connected and keeps the next turn working; a transcript
 * export still writes every frame as JSON.
 */
import { expect, it } from 'vitest';
import { toTranscript } from '../../../src/core/devtools/index.js';
import { itemsOf, perTestAgents, textChunk } from '../../helpers/faults.js';
import { deepJsonText } from '../../helpers/hostile-agent.mjs';
import { isRequest } from '../../helpers/raw-agent.js';
import { waitForSnapshot } from '../../helpers/wait.js';

const { pool, rawAgent } = perTestAgents();

const DEPTH = 100_000;

it('takes updates and requests nested 100,000 levels deep and keeps working', async () => {
  const agent = await rawAgent({ agentCapabilities: { promptCapabilities: { image: true } } });
  const { client } = pool.make(agent.url);
  await client.connect();
  const { sessionId } = await client.newSession({ cwd: '/workspace' });
  const conn = agent.current!;
  const update = (json: string) => conn.sendText(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"${sessionId}","update":${json}}}`);

  const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };
  const turn = client.prompt(sessionId, [{ type: 'text', text: 'look' }, image]);
  const prompt = await conn.waitFor((m) => isRequest(m, 'session/prompt'), 'prompt');
  const arrays = deepJsonText(DEPTH, 'arrays');
  const objects = deepJsonText(DEPTH, 'objects');
  update(`{"sessionUpdate":"tool_call","toolCallId":"deep","title":"Deep","kind":"other","status":"completed","rawInput":${arrays},"rawOutput":${objects}}`);
  update(`{"sessionUpdate":"x_deep","payload":${arrays}}`);
  // A user chunk that looks like the prompt's image but carries a deep `_meta`: the echo check
  // compares it with the prompt, and must not throw doing so.
  update(`{"sessionUpdate":"user_message_chunk","content":{"type":"image","data":"AAAA","mimeType":"image/png","_meta":{"deep":${objects}}}}`);
  conn.sendText(
    `{"jsonrpc":"2.0","id":77,"method":"session/request_permission","params":{"sessionId":"${sessionId}",` +
      `"toolCall":{"toolCallId":"deep","title":"Deep","rawInput":${arrays}},"options":[{"optionId":"ok","name":"Allow","kind":"allow_once"}]}}`,
  );
  const permission = { response: conn.waitFor((m) => m.id === 77 && m.method === undefined, 'the permission answer') };
  conn.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: textChunk('still fine') } });

  const pending = await waitForSnapshot(client, (s) => s.permissionRequests.some((r) => r.status === 'pending'), 5000, 'the permission request');
  expect(client.respondToPermission(pending.permissionRequests[0]!.requestId, 'ok')).toBe(true);
  await expect(permission.response).resolves.toMatchObject({ result: { outcome: { outcome: 'selected', optionId: 'ok' } } });
  conn.respond(prompt.id, { stopReason: 'end_turn' });
  await expect(turn).resolves.toBe('end_turn');

  const items = itemsOf(client.getSnapshot(), sessionId);
  expect(items.map((i) => i.kind)).toEqual(['user_message', 'tool_call', 'unsupported', 'user_message', 'agent_message']);
  expect(client.getSnapshot().status).toBe('ready');

  // The transcript writes the deep frames whole: each line parses back to the same depth.
  const lines = toTranscript(client.traffic.entries()).trim().split('\n');
  const deepLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg?.params?.update?.toolCallId === 'deep');
  let depth = 0;
  for (let value = deepLine.msg.params.update.rawInput; Array.isArray(value); value = value[0]) depth++;
  expect(depth).toBe(DEPTH);

  // The next turn works.
  const next = client.prompt(sessionId, 'again');
  const second = await conn.waitFor((m) => isRequest(m, 'session/prompt') && m.id !== prompt.id, 'second prompt');
  conn.send({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update: textChunk('answer') } });
  conn.respond(second.id, { stopReason: 'end_turn' });
  await expect(next).resolves.toBe('end_turn');
  expect(itemsOf(client.getSnapshot(), sessionId).at(-1)).toMatchObject({ kind: 'agent_message', text: 'answer' });
});
