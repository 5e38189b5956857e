/**
 * Between the floor (`floor.ts`) and the panel: the library's client with no UI. It connects to
 * the same agent, opens a session and prompts `/stream N`; a listener reads the snapshot on every
 * notification, as a rendered page's hooks would. What it costs beyond the floor is the core's
 * (transport tap, traffic log, parsing, reducer, store); what the panel costs beyond it is the UI's.
 */
import { createAcpClient } from '../../src/core/index.js';

const query = new URLSearchParams(location.search);
const agentUrl = query.get('agent') ?? 'ws://127.0.0.1:3031/acp';

async function main() {
  const client = createAcpClient({ url: agentUrl, clientInfo: { name: 'bench-client-only', version: '0' } });
  let reads = 0;
  client.subscribe(() => {
    reads += Object.keys(client.getSnapshot().sessions).length;
  });
  await client.connect();
  const session = await client.newSession({ cwd: '/tmp/acp-react-bench' });
  (window as unknown as { __run: (n: number) => Promise<unknown> }).__run = async (chunks: number) => {
    const result = await client.prompt(session.sessionId, [{ type: 'text', text: `/stream ${chunks}` }]);
    return { stopReason: result, reads };
  };
  (window as unknown as { __ready: boolean }).__ready = true;
}
main().catch((error: unknown) => {
  (window as unknown as { __error: string }).__error = String(error);
});
