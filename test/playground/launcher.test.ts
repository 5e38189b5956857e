/**
 * The playground's side of `acp-react-bridge --launcher` without a browser: its query parameters,
 * and its launcher client against a real launcher bridge on loopback (the registry, an install
 * with its progress, a failed one in the bridge's words, the token carried along).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type Bridge } from '../../bridge/server.mjs';
import { createLauncher } from '../../playground/src/launcher/launcher-client.js';
import { pageHref, readParams } from '../../playground/src/params.js';

describe('?launcher=', () => {
  it('is taken for an http(s) URL unless ?agent= names the agent, keeps the browser workspace off, and stays off the notebook link', () => {
    const params = readParams('?launcher=http%3A%2F%2F127.0.0.1%3A3030&cwd=/tmp');
    expect(params).toMatchObject({ launcherUrl: 'http://127.0.0.1:3030', external: false, browserWorkspace: false, cwd: '/tmp', problems: [] });
    expect(readParams('?launcher=http://x&workspace=browser').browserWorkspace).toBe(true);
    expect(readParams('?launcher=ws://127.0.0.1:3030').problems).toEqual([expect.stringMatching(/must be the bridge's http\(s\):\/\/ URL/)]);
    const both = readParams('?agent=ws://a&launcher=http://b');
    expect(both.launcherUrl).toBeUndefined();
    expect(both.problems).toEqual([expect.stringMatching(/\?agent= names the agent already/)]);
    expect(pageHref('notebook.html', '?launcher=http://b&cwd=/tmp')).toBe('./notebook.html?cwd=%2Ftmp');
    expect(pageHref('index.html', '?launcher=http://b')).toBe('./?launcher=http://b');
  });
});

describe('the launcher client', () => {
  let bridge: Bridge;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'acp-launcher-client-'));
    const registry = path.join(dir, 'registry.json');
    const fixture = fileURLToPath(new URL('../fixtures/registry-agent', import.meta.url));
    writeFileSync(
      registry,
      JSON.stringify({
        agents: [
          { id: 'fixture-agent', name: 'Fixture Agent', version: '1.0.0', description: 'ok', distribution: { npx: { package: fixture } } },
          { id: 'broken-agent', name: 'Broken Agent', version: '0.0.1', description: 'no', distribution: { npx: { package: path.join(dir, 'missing') } } },
        ],
      }),
    );
    bridge = await startBridge({ launcher: true, registry, port: 0, token: 'sesame', log: () => {} });
  });
  afterAll(() => bridge?.close());

  it('lists, installs with progress and gives the agent URL with the token; a failed install rejects with the bridge’s message', async () => {
    const launcher = createLauncher(`${bridge.httpUrl}/?token=sesame`);
    expect((await launcher.agents()).map((a) => [a.id, a.distribution, a.installed])).toEqual([
      ['fixture-agent', 'npx', false],
      ['broken-agent', 'npx', false],
    ]);
    const progress: string[] = [];
    const url = await launcher.launch('fixture-agent', (line) => progress.push(line));
    expect(url).toBe(`${bridge.url}/agents/fixture-agent?token=sesame`);
    expect(progress[0]).toMatch(/^Installing Fixture Agent 1\.0\.0 \(npx -y --package /);
    await expect(launcher.launch('broken-agent', () => {})).rejects.toThrow(/npx could not install .*run the agent by hand/);
    await expect(launcher.launch('nope', () => {})).rejects.toThrow(/no agent "nope".*known agents: fixture-agent, broken-agent/);
    await expect(createLauncher(bridge.httpUrl).agents()).rejects.toThrow(/HTTP 401: missing token/);
  });
});
