/**
 * What AgentPanel fetches on demand, and when, with its real modules against the demo agent over
 * a loopback WebSocket. Each test imports a fresh copy of the package, so nothing is loaded yet
 * (test/setup-dom.ts preloads only the copies other tests import), and counts the fetches of the
 * on-demand chunks through module mocks that load the real modules.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebSocket } from 'ws';
import { startDemo, WORKSPACE, type DemoServer } from '../helpers/demo.js';

const CHUNKS = {
  conversation: '../../src/components/conversation.js',
  'session controls': '../../src/components/session-controls.js',
  'session history': '../../src/panels/AgentPanel/SessionHistoryLoaded.js',
} as const;

// The first import of a chunk transforms its modules on the fly: allow for it.
const LOADED = { timeout: 15_000 };

let server: DemoServer;
beforeAll(async () => {
  server = await startDemo();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  for (const path of Object.values(CHUNKS)) vi.doUnmock(path);
});

async function freshPackage() {
  const fetched: string[] = [];
  for (const [name, path] of Object.entries(CHUNKS)) {
    vi.doMock(path, async (importOriginal) => {
      fetched.push(name);
      return importOriginal();
    });
  }
  vi.resetModules();
  const { AcpProvider, AgentPanel } = await import('../../src/index.js');
  return { AcpProvider, AgentPanel, fetched };
}

describe('AgentPanel loading on demand', () => {
  it('loads the conversation when the user turns to the panel and the history when it is opened', async () => {
    const { AcpProvider, AgentPanel, fetched } = await freshPackage();
    render(
      <AcpProvider options={{ url: server.url, WebSocket: WebSocket as never, scheduler: 'sync', reconnect: false }}>
        <AgentPanel cwd={WORKSPACE} />
      </AcpProvider>,
    );
    const box = screen.getByRole('textbox', { name: 'Message to the agent' });
    await waitFor(() => expect(box).toBeEnabled(), LOADED);

    // Ready for input: the demo agent reports settings and usage as the session starts, so the
    // toolbar's controls are fetched; the conversation is still the empty log, not fetched.
    await waitFor(() => expect(fetched).toEqual(['session controls']), LOADED);
    expect(screen.getByText('Send a message to start')).toBeInTheDocument();

    // Turning to the panel fetches the conversation, before anything is sent.
    await userEvent.click(box);
    await waitFor(() => expect(fetched).toContain('conversation'));

    await userEvent.type(box, 'Add a punctuation option to greet(){Enter}');
    expect(await screen.findByRole('article', { name: 'Your message' }, LOADED)).toHaveTextContent('Add a punctuation option');
    // The demo agent thinks, plans, then answers: all rendered by the loaded conversation.
    const [answer] = await screen.findAllByRole('article', { name: 'Agent message' }, LOADED);
    await waitFor(() => expect(answer!.textContent?.trim()).not.toBe(''), LOADED);
    const turn = () => screen.getByRole('log', { name: 'Conversation' }).querySelector('[data-slot="thread-turn"]');
    await waitFor(() => expect(turn()).not.toBeNull(), LOADED);
    expect(document.querySelector('[data-slot="thread"]')).not.toHaveAttribute('aria-busy');
    expect(fetched).not.toContain('session history');

    // The history (and react-query behind it) comes when the user opens it.
    await userEvent.click(screen.getByRole('button', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions' }, LOADED);
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0), LOADED);
    // Open, it follows the panel: a new session is listed.
    const before = within(list).getAllByRole('listitem').length;
    await userEvent.click(screen.getByRole('button', { name: 'New session' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('listitem').length).toBeGreaterThan(before), LOADED);
    expect(fetched.filter((name) => name === 'session history')).toHaveLength(1);
    expect(fetched.filter((name) => name === 'conversation')).toHaveLength(1);
  });
});
