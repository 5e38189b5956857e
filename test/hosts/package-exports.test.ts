// The Node-only entries of the installed package (in the vite-react19 copy the host matrix
// prepared): Node finds them, a browser bundle cannot pull them in by accident.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { hostsWorkDir } from '../../scripts/lib/hosts.mjs';

const copy = join(hostsWorkDir(), 'vite-react19');

function bundle(specifier: string, platform: 'browser' | 'node') {
  if (!existsSync(join(copy, 'node_modules/acp-react'))) throw new Error(`run \`node scripts/host-matrix.mjs prepare\` first: ${copy} is not installed`);
  return build({
    stdin: { contents: `export * from '${specifier}';`, resolveDir: copy, loader: 'js' },
    absWorkingDir: copy,
    bundle: true,
    write: false,
    platform,
    format: 'esm',
    logLevel: 'silent',
    external: ['ws', '@agentclientprotocol/sdk', '@agentclientprotocol/sdk/*', 'node:*'],
  });
}

describe('acp-react/bridge and acp-react/demo-agent, installed', () => {
  it('load in Node with their documented exports', () => {
    const script = `
      const bridge = await import('acp-react/bridge');
      const demo = await import('acp-react/demo-agent');
      console.log(JSON.stringify({ bridge: Object.keys(bridge).sort(), demo: Object.keys(demo).sort() }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: copy, encoding: 'utf8' });
    expect(JSON.parse(output)).toEqual({
      bridge: ['attachBridge', 'startBridge'],
      demo: ['DemoSessionStore', 'createDemoAgent', 'createDemoAgentFor', 'createDemoAgentV2', 'startDemoAgentServer'],
    });
  });

  it('bundle for Node', async () => {
    const result = await bundle('acp-react/bridge', 'node');
    expect(result.outputFiles[0]!.text).toMatch(/attachBridge/);
  });

  for (const entry of ['acp-react/bridge', 'acp-react/demo-agent']) {
    it(`cannot be bundled for the browser: ${entry}`, async () => {
      const error = await bundle(entry, 'browser').then(
        () => null,
        (e: { errors?: { text: string; notes?: { text: string }[] }[] }) => e,
      );
      expect(error, `${entry} resolved for the browser`).not.toBeNull();
      const messages = (error!.errors ?? []).flatMap((e) => [e.text, ...(e.notes ?? []).map((n) => n.text)]).join('\n');
      expect(messages).toMatch(new RegExp(`Could not resolve "${entry}"`));
      expect(messages).toMatch(/not currently exported|conditions/);
    });
  }
});
