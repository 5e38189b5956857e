#!/usr/bin/env node
/**
 * Records `fixtures/demo-*.ndjson`: real traffic between the headless client (`src/core`) and the
 * scripted demo agent over a loopback WebSocket, for the Thread stories. Each scenario uses its
 * own connection and session, so each file replays on its own.
 *
 *   node scripts/record-fixtures.mjs
 *
 * The core is TypeScript; esbuild bundles it into node_modules/.cache first (dependencies stay
 * external and resolve from this checkout), so no library build is needed.
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { startDemoAgentServer } from '../demo-agent/server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(root, 'node_modules/.cache/record-fixtures');
mkdirSync(cacheDir, { recursive: true });
// Both entries in one build with shared chunks, so the aids and the client share one AcpClientError.
await build({
  entryPoints: { core: join(root, 'src/core/index.ts'), devtools: join(root, 'src/core/devtools/index.ts') },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outdir: cacheDir,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
/** @type {typeof import('../src/core/index.js')} */
const { createAcpClient } = await import(pathToFileURL(join(cacheDir, 'core.mjs')).href);
/** @type {typeof import('../src/core/devtools/index.js')} */
const { createMemoryFs, createSimulatedTerminal, toTranscript } = await import(pathToFileURL(join(cacheDir, 'devtools.mjs')).href);

// The fixtures README promises this placeholder for the session folder.
const CWD = '/workspace/demo';
const files = {
  [`${CWD}/package.json`]: '{ "name": "demo", "scripts": { "test": "vitest run" } }\n',
  [`${CWD}/src/greeting.ts`]:
    'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n\nexport function greetAll(names: string[]): string[] {\n  return names.map(greet);\n}\n',
  [`${CWD}/README.md`]: '# Demo\n',
};

// A little pacing so thoughts and turns get realistic durations in the recordings.
const server = await startDemoAgentServer({ port: 0, host: '127.0.0.1', delayMs: 4, elicitationCompleteDelayMs: 50 });

/** @typedef {import('../src/core/index.js').AcpClient} AcpClient */
/** @typedef {import('../src/core/index.js').AcpSnapshot} AcpSnapshot */

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {AcpClient} client
 * @param {(snapshot: AcpSnapshot) => boolean} predicate
 * @param {string} what
 */
async function waitFor(client, predicate, what, timeoutMs = 20_000) {
  const started = Date.now();
  while (!predicate(client.getSnapshot())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Answers permission requests as a user would: the first option of `kind`. */
/**
 * @param {AcpClient} client
 * @param {string} kind
 */
function answerPermissions(client, kind) {
  return client.subscribe(() => {
    for (const request of client.getSnapshot().permissionRequests) {
      if (request.status !== 'pending') continue;
      const option = request.options.find((o) => o.kind === kind);
      if (option) client.respondToPermission(request.requestId, option.optionId);
    }
  });
}

/** Answers elicitations: forms with valid values, URL consent with accept. */
/** @param {AcpClient} client */
function answerElicitations(client) {
  return client.subscribe(() => {
    for (const e of client.getSnapshot().elicitations) {
      if (e.status !== 'pending') continue;
      if (e.mode === 'form') {
        client.respondToElicitation(e.requestId, {
          action: 'accept',
          content: {
            email: 'ada@example.com',
            homepage: 'https://example.com',
            projectName: 'greeting-kit',
            budget: 250.5,
            teamSize: 3,
            useTypeScript: true,
            packageManager: 'pnpm',
            license: 'apache-2.0',
            targets: ['browser', 'node'],
            features: ['lint', 'test'],
          },
        });
      } else {
        client.respondToElicitation(e.requestId, { action: 'accept' });
      }
    }
  });
}

/**
 * @param {string} name
 * @param {(client: AcpClient, sessionId: string) => Promise<void>} scenario
 */
async function record(name, scenario) {
  const fs = createMemoryFs({ files, writable: true });
  const client = createAcpClient({
    url: server.url,
    WebSocket,
    scheduler: 'sync',
    fs,
    terminal: createSimulatedTerminal({ fs, lineDelayMs: 3 }),
    reconnect: false,
    clientInfo: { name: 'acp-react-fixture-recorder', version: '0.1.0' },
  });
  // A subscriber keeps the whole log (with none, the client keeps only the last 100 frames).
  const stopRecording = client.traffic.subscribe(() => {});
  await client.connect();
  const session = await client.newSession({ cwd: CWD });
  try {
    await scenario(client, session.sessionId);
  } finally {
    const text = toTranscript(client.traffic.entries());
    stopRecording();
    writeFileSync(join(root, 'fixtures', `${name}.ndjson`), text);
    console.log(`fixtures/${name}.ndjson: ${text.split('\n').length - 1} lines`);
    await client.disconnect().catch(() => {});
  }
}

/** @type {(client: AcpClient, sessionId: string, text: string) => Promise<unknown>} */
const prompt = (client, sessionId, text) => client.prompt(sessionId, text).catch((error) => error);

// The default scripted turn: thought, plan, read, markdown, edit + permission (allowed), terminal.
await record('demo-full-turn', async (client, sessionId) => {
  const stop = answerPermissions(client, 'allow_once');
  await prompt(client, sessionId, 'Add a punctuation option to greet() and run the tests');
  stop();
});

// A form elicitation tied to a tool call, then a URL elicitation completed by the agent.
await record('demo-elicitation', async (client, sessionId) => {
  const stop = answerElicitations(client);
  await prompt(client, sessionId, '/form');
  await prompt(client, sessionId, '/login');
  stop();
});

// A plan-only turn, then a compaction with a streamed summary.
await record('demo-compaction', async (client, sessionId) => {
  await prompt(client, sessionId, '/plan');
  await prompt(client, sessionId, '/compact');
});

await record('demo-notices', async (client, sessionId) => {
  await prompt(client, sessionId, '/notice');
});

// One turn per way a turn can end other than `end_turn`.
await record('demo-refusal', async (client, sessionId) => {
  await prompt(client, sessionId, '/plan');
  await prompt(client, sessionId, '/refuse');
});

await record('demo-max-tokens', async (client, sessionId) => {
  await prompt(client, sessionId, '/long');
});

await record('demo-max-turn-requests', async (client, sessionId) => {
  await prompt(client, sessionId, 'Keep searching until max_turn_requests');
});

await record('demo-failed-tool', async (client, sessionId) => {
  await prompt(client, sessionId, '/fail');
});

// Cancelled by the user part-way through a slow turn.
await record('demo-cancel', async (client, sessionId) => {
  const running = prompt(client, sessionId, '/slow 5');
  await waitFor(client, (s) => s.sessions[sessionId].thread.items.size >= 3, 'the first chunks of /slow');
  await sleep(1200);
  await client.cancel(sessionId);
  await running;
});

// The connection drops mid-turn: the prompt is never answered (the client marks it interrupted).
await record('demo-interrupted', async (client, sessionId) => {
  const running = prompt(client, sessionId, '/slow 5');
  await waitFor(client, (s) => s.sessions[sessionId].thread.items.size >= 3, 'the first chunks of /slow');
  await sleep(1200);
  await server.dropConnections();
  await running;
});

await server.close();
