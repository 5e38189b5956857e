/**
 * "Restore to before this turn" with the change tracker over real clients and the scripted demo
 * agent on a loopback WebSocket. A host keeps one tracker for its workspace while the panel's
 * client may be replaced (the panel closed and opened again, a provider remounted): the session
 * goes on through `session/load`, and each turn must keep an identity of its own, so a restore
 * touches only the chosen turn and the later ones, whether or not the agent sends message ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeTracker, type ChangeTracker } from '../../src/core/changes/index.js';
import { createMemoryFs } from '../../src/core/devtools/index.js';
import type { AcpClient } from '../../src/core/index.js';
import { makeClient, startDemo, WORKSPACE, workspaceFiles, type DemoServer } from '../helpers/demo.js';

let withIds: DemoServer;
let withoutIds: DemoServer;
beforeAll(async () => {
  withIds = await startDemo();
  // As many v1 agents: no `messageId` on any chunk.
  withoutIds = await startDemo({ messageIds: false });
});
afterAll(async () => {
  await Promise.all([withIds.close(), withoutIds.close()]);
});

const GREETING = `${WORKSPACE}/src/greeting.ts`;
const FORMAT = `${WORKSPACE}/src/format.ts`;
const ORIGINAL =
  "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n\nexport function greetAll(names: string[]): string[] {\n  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;\n}\n";
const FORMAT_ORIGINAL = "export function list(items: string[]): string {\n  return items.slice(0, -1).join(', ') + ' and ' + items.at(-1);\n}\n";

/** Allows every permission request, as a user clicking "Allow" would. */
const allowAll = (client: AcpClient) =>
  client.subscribe(() => {
    for (const r of client.getSnapshot().permissionRequests) {
      const allow = r.status === 'pending' ? r.options.find((o) => o.kind === 'allow_once') : undefined;
      if (allow) client.respondToPermission(r.requestId, allow.optionId);
    }
  });

function workspace() {
  const fs = createMemoryFs({ files: { ...workspaceFiles(), [GREETING]: ORIGINAL, [FORMAT]: FORMAT_ORIGINAL }, writable: true });
  return { fs, tracker: createChangeTracker({ fs }) };
}

/** A client on the tracker's adapter, attached to it; `stop` disconnects and detaches. */
async function panelClient(server: DemoServer, tracker: ChangeTracker) {
  const { client } = makeClient(server.url, { fs: tracker.fs });
  const detach = tracker.attach(client);
  const unanswer = allowAll(client);
  await client.connect();
  return {
    client,
    stop: async () => {
      unanswer();
      detach();
      await client.disconnect();
    },
  };
}

/** Turn 1's review: the first hunk of greeting.ts rejected, everything else accepted. */
async function reviewFirstTurn(tracker: ChangeTracker, sessionId: string) {
  const [turn] = tracker.getSnapshot().turns;
  const greeting = turn!.files.find((f) => f.path === GREETING)!;
  expect(greeting.hunks).toHaveLength(2);
  expect(await tracker.rejectHunk(greeting.id, greeting.hunks[0]!.id)).toBe(true);
  expect(await tracker.acceptAll({ sessionId })).toBe(true);
  return turn!.turnId;
}

const afterReview = ORIGINAL.replace(
  '  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;',
  '  return names.map((name) => greet(name));',
);

describe.each([
  ['an agent that sends message ids', () => withIds],
  ['an agent that sends none', () => withoutIds],
])('with %s', (_, agent) => {
  it('restores a later turn to the content after the earlier turn’s review, when the panel’s client was replaced between the turns', async () => {
    const server = agent();
    const { fs, tracker } = workspace();
    const first = await panelClient(server, tracker);
    const session = await first.client.newSession({ cwd: WORKSPACE });
    await first.client.prompt(session.sessionId, '/refactor');
    await expect.poll(() => tracker.getSnapshot().turns[0]?.files.length).toBe(3);
    const turn1 = await reviewFirstTurn(tracker, session.sessionId);
    expect(fs.read(GREETING)).toBe(afterReview);
    await first.stop();

    // The panel opens again: a new client, the same session, the same workspace and tracker.
    const second = await panelClient(server, tracker);
    await second.client.loadSession(session.sessionId, { cwd: WORKSPACE });
    // The note about turn 1's rejected hunk goes out with this prompt (as the panel sends it).
    expect(tracker.takeRejectionNote(session.sessionId)).toMatch(/greeting\.ts \(lines 2-2\)/);
    await second.client.prompt(session.sessionId, '/edit');
    await expect.poll(() => tracker.getSnapshot().turns.length).toBe(2);
    const turn2 = tracker.getSnapshot().turns[1]!;
    expect(turn2.turnId).not.toBe(turn1);
    expect(turn2.files.map((f) => [f.path, f.before])).toEqual([[GREETING, afterReview]]);

    expect((await tracker.previewRestore(session.sessionId, turn2.turnId)).map((e) => [e.path, e.content])).toEqual([[GREETING, afterReview]]);
    expect(await tracker.restoreCheckpoint(session.sessionId, turn2.turnId)).toBe(true);
    expect(fs.read(GREETING)).toBe(afterReview);
    expect(fs.read(FORMAT)).not.toBe(FORMAT_ORIGINAL);

    // Turn 1 is as the user left it; only turn 2 is marked restored.
    const [t1, t2] = tracker.getSnapshot().turns;
    expect([t1!.restored, t2!.restored]).toEqual([false, true]);
    const greeting1 = t1!.files.find((f) => f.path === GREETING)!;
    expect(greeting1.hunks.map((h) => greeting1.decisions[h.id])).toEqual(['rejected', 'accepted']);
    expect(t1!.files.filter((f) => f.path !== GREETING).flatMap((f) => f.hunks.map((h) => f.decisions[h.id]))).not.toContain('rejected');
    // The next note names what this restore reverted (turn 2's change), not turn 1's hunk again.
    const note = tracker.peekRejectionNote(session.sessionId);
    expect(note).toMatch(/greeting\.ts/);
    expect(note).not.toMatch(/format\.ts|index\.ts/);
    await second.stop();
  });
});
