/**
 * AgentPanel's change review against the demo agent over a real loopback WebSocket: the agent's
 * `/refactor` edits three files through `fs/write_text_file`; each turn that changed files ends
 * with its summary in the thread, whose button opens that turn's review under the thread; what
 * the user rejects is told to the agent with the next prompt, in a note shown (and removable)
 * above the input first.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebSocket } from 'ws';
import { AcpProvider, AgentPanel, createAcpClient, type AcpClient } from '../../src/index.js';
import { createChangeTracker, type ChangeTracker } from '../../src/core/changes/index.js';
import { createMemoryFs, type MemoryFs } from '../../src/core/devtools/index.js';
import { startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';

const FILES = {
  '/workspace/src/greeting.ts':
    "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n\nexport function greetAll(names: string[]): string[] {\n  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;\n}\n",
  '/workspace/src/format.ts':
    "export function formatList(items: string[]): string {\n  if (items.length <= 1) return items.join('');\n  return items.slice(0, -1).join(', ') + ' and ' + items.at(-1);\n}\n",
};
const NOTE = 'The user reviewed your changes and rejected some of them; they were reverted: /workspace/src/greeting.ts (lines 2-2).';
// The first import of a chunk transforms its modules on the fly: allow for it.
const SLOW = { timeout: 15_000 };

let server: DemoServer;
let client: AcpClient;
let memory: MemoryFs;
let tracker: ChangeTracker;
beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  memory = createMemoryFs({ files: FILES, writable: true });
  tracker = createChangeTracker({ fs: memory });
  client = createAcpClient({
    url: server.url,
    WebSocket: WebSocket as never,
    scheduler: 'sync',
    fs: tracker.fs,
    reconnect: false,
    clientInfo: { name: 'panel-changes-test', version: '0.0.0' },
  });
});
afterEach(async () => {
  await client.disconnect();
});

const sessionId = () => Object.keys(client.getSnapshot().sessions)[0]!;
const idle = () => waitFor(() => expect(client.getSnapshot().sessions[sessionId()]!.turn.state).toBe('idle'), SLOW);
const turns = () => screen.getAllByRole('log')[0]!.querySelectorAll<HTMLElement>('[data-slot="thread-turn"]');

async function openPanel() {
  render(
    <AcpProvider client={client}>
      <AgentPanel cwd={WORKSPACE} showSessionList={false} changes={tracker} />
    </AcpProvider>,
  );
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message to the agent' })).toBeEnabled(), SLOW);
}

/** `/refactor`, allowed: three files changed in one turn. */
async function refactor() {
  const user = userEvent.setup();
  const done = client.prompt(sessionId(), '/refactor');
  // The one waiting for an answer (an earlier turn's stays in its card, answered).
  const allow = await waitFor(() => {
    const buttons = screen
      .queryAllByRole('group', { name: 'Permission needed: Edit 3 files' })
      .map((group) => within(group).getByRole('button', { name: 'Allow' }));
    const enabled = buttons.filter((button) => !(button as HTMLButtonElement).disabled);
    expect(enabled).toHaveLength(1);
    return enabled[0]!;
  }, SLOW);
  await user.click(allow);
  await done;
  await idle();
}

/** A prompt the demo agent answers at once (`/explain`). */
async function send(text: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Message to the agent' }), `${text}{Enter}`);
  await waitFor(() => expect(client.getSnapshot().sessions[sessionId()]!.turns.at(-1)?.status).toBe('ended'), SLOW);
}

/** The text blocks of the session's last prompt, as sent. */
const lastPrompt = () =>
  client
    .getSnapshot()
    .sessions[sessionId()]!.thread.items.toArray()
    .filter((item) => item.kind === 'user_message')
    .at(-1)!
    .content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''));

describe('AgentPanel with a change tracker', () => {
  it('ends each turn that changed files with its summary, whose button opens that turn’s review', async () => {
    const user = userEvent.setup();
    await openPanel();
    await refactor();
    // The agent's edits undone behind the review's back, so the next /refactor changes them again.
    for (const [path, content] of Object.entries(FILES))
      await memory.writeTextFile!({ sessionId: sessionId(), path, roots: [WORKSPACE], signal: new AbortController().signal }, content);
    await memory.deleteTextFile!({ sessionId: sessionId(), path: '/workspace/src/index.ts', roots: [WORKSPACE], signal: new AbortController().signal });
    await refactor();

    await waitFor(() => expect(turns()).toHaveLength(2));
    const [first, second] = [...turns()];
    for (const turn of [first!, second!]) {
      const summaries = turn.querySelectorAll('[data-slot="change-summary"]');
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toHaveTextContent(/3 files changed.*\+5.*−5.*4 to review/);
    }

    // The first turn's review: its three files, focused, under the thread.
    await user.click(within(first!).getByRole('button', { name: 'Review changes' }));
    const review = await screen.findByRole('region', { name: 'Review changes' }, SLOW);
    await waitFor(() => expect(review).toHaveFocus());
    expect(within(first!).getByRole('button', { name: 'Review changes' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(second!).getByRole('button', { name: 'Review changes' })).toHaveAttribute('aria-expanded', 'false');
    const files = () => within(screen.getByRole('navigation', { name: 'Changed files' })).getAllByRole('button', { name: /\.ts/ });
    expect(files()).toHaveLength(3);
    // Widened to the session: both turns' files.
    await user.click(screen.getByRole('button', { name: 'All turns' }));
    expect(files()).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'All turns' }));
    expect(files()).toHaveLength(3);

    // Accept all, in this scope, decides only the first turn.
    await user.click(within(review).getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(first!.querySelector('[data-slot="change-summary"]')).toHaveTextContent('Reviewed'));
    expect(second!.querySelector('[data-slot="change-summary"]')).toHaveTextContent('4 to review');

    // Closing gives the focus back to the summary that opened it.
    await user.click(screen.getByRole('button', { name: 'Close review' }));
    expect(screen.queryByRole('region', { name: 'Review changes' })).toBeNull();
    expect(within(first!).getByRole('button', { name: 'Review changes' })).toHaveFocus();
  }, 30_000);

  it('tells the agent what the user rejected with the next prompt, in a note shown first; the user can remove it', async () => {
    const user = userEvent.setup();
    await openPanel();
    await refactor();
    await user.click(within(turns()[0]!).getByRole('button', { name: 'Review changes' }));
    const review = await screen.findByRole('region', { name: 'Review changes' }, SLOW);
    await user.click(within(screen.getByRole('navigation', { name: 'Changed files' })).getByRole('button', { name: /greeting\.ts/ }));
    const hunk = () => within(review).getAllByRole('group', { name: /^Change \d of 2/ })[0]!;
    await user.click(within(hunk()).getByRole('button', { name: /^Reject/ }));
    await within(hunk()).findByText('Rejected');

    // Shown above the input before anything is sent, word for word.
    const note = await screen.findByText(NOTE, { exact: false });
    expect(note.closest('[data-slot="agent-panel-rejection-note"]')).toHaveTextContent(`Sent with your next message: ${NOTE}`);
    await send('/explain the loop as it was');
    expect(lastPrompt()).toEqual(['/explain the loop as it was', `\n\n${NOTE}`]);
    expect(screen.queryByText(NOTE, { exact: false, selector: 'q' })).toBeNull();

    // Told once: the next prompt goes without it.
    await send('/explain greet');
    expect(lastPrompt()).toEqual(['/explain greet']);

    // A new rejection, removed by the user: not sent.
    await user.click(within(within(review).getAllByRole('group', { name: /^Change \d of 2/ })[1]!).getByRole('button', { name: /^Reject/ }));
    await screen.findByText(/greeting\.ts \(lines 6-8\)/, { selector: 'q' });
    await user.click(screen.getByRole('button', { name: 'Don’t tell the agent what you rejected' }));
    expect(screen.queryByText(/greeting\.ts \(lines 6-8\)/, { selector: 'q' })).toBeNull();
    await send('/explain format');
    expect(lastPrompt()).toEqual(['/explain format']);
  }, 30_000);
});
