/**
 * The on-demand panels (see src/components/shared/lazy-module.ts) with their real modules:
 * what a panel shows before its code has arrived, the switch to the loaded panel, and a failed
 * fetch recovered with Retry. Each test imports a fresh copy of the panel's module graph, so
 * its module is not yet loaded (test/setup-dom.ts preloads the copies other tests import).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ElicitationState, SessionState, TerminalState } from '../../src/core/types.js';
import { applySessionUpdate, createSessionState, startTurn } from '../../src/core/index.js';
import { plainOutputLines } from '../../src/components/TerminalOutput/plain-output.js';

const terminal: TerminalState = {
  terminalId: 'term-1',
  sessionId: 'sess-1',
  command: 'npm',
  args: ['test'],
  cwd: '/workspace/demo',
  output: 'ok \x1b[31mError\x1b[0m\n\x1b[32mpassed\x1b[0m\n',
  truncated: false,
  exitStatus: null,
  released: false,
};

async function freshTerminalOutput() {
  vi.resetModules();
  return import('../../src/components/TerminalOutput/index.js');
}

afterEach(() => {
  vi.doUnmock('../../src/components/TerminalOutput/TerminalOutputLoaded.js');
  vi.doUnmock('../../src/components/ElicitationForm/ElicitationFormLoaded.js');
  vi.doUnmock('../../src/components/conversation.js');
});

// The first import of the conversation transforms its modules on the fly: allow for it.
const LOADED = { timeout: 15_000 };

/** A fresh `Thread` whose conversation chunk counts its fetches (and fails the first `failures`). */
async function freshThread(failures = 0) {
  const fetches = { count: 0 };
  vi.doMock('../../src/components/conversation.js', async (importOriginal) => {
    fetches.count += 1;
    if (fetches.count <= failures) throw new Error('Failed to fetch dynamically imported module');
    return importOriginal();
  });
  vi.resetModules();
  const { Thread } = await import('../../src/components/Thread/index.js');
  return { Thread, fetches };
}

/** A turn in progress: the prompt, and the first words of a markdown answer. */
function turnInProgress(): SessionState {
  let s = startTurn(createSessionState('s1', { cwd: '/workspace' }), 't1', [{ type: 'text', text: 'Fix the greeting' }], 1000);
  s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The **greeting** is' } }, 1100);
  return s;
}

describe('an on-demand panel', () => {
  it('shows the terminal as plain text while its renderer loads, then the coloured output', async () => {
    const { TerminalOutput } = await freshTerminalOutput();
    const { container } = render(<TerminalOutput terminal={terminal} />);

    // Before the module arrives: the command, a busy frame, a status line and the plain output.
    const frame = container.querySelector('[data-slot="terminal"]')!;
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByText('npm test')).toBeInTheDocument();
    expect(screen.getByRole('log').textContent).toBe('ok Errorpassed');
    expect(screen.getByText('ok Error').querySelector('span')).toBeNull();

    // Loaded: the same terminal with ANSI colours, and no loading line left.
    expect(await screen.findByText('Error', { selector: 'span' })).toHaveClass('acp-ansi-fg-red');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(container.querySelector('[data-slot="terminal"]')).not.toHaveAttribute('aria-busy');
  });

  it('offers Retry when the fetch fails, and loads the panel on a later attempt', async () => {
    let attempts = 0;
    vi.doMock('../../src/components/TerminalOutput/TerminalOutputLoaded.js', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { TerminalOutput } = await freshTerminalOutput();
    render(<TerminalOutput terminal={terminal} />);

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('status')).toHaveTextContent('This part of the page could not be loaded.');
    // The output stays readable while the renderer is missing.
    expect(screen.getByRole('log').textContent).toBe('ok Errorpassed');

    await userEvent.click(retry);
    expect(await screen.findByText('Error', { selector: 'span' })).toHaveClass('acp-ansi-fg-red');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('shows an elicitation request’s message before the form has loaded', async () => {
    vi.doMock('../../src/components/ElicitationForm/ElicitationFormLoaded.js', () => {
      throw new Error('offline');
    });
    vi.resetModules();
    const { ElicitationForm } = await import('../../src/components/ElicitationForm/index.js');
    const elicitation: ElicitationState = {
      requestId: 'req-1',
      mode: 'form',
      message: 'Which branch should I deploy?',
      sessionId: 'sess-1',
      toolCallId: null,
      scopeRequestId: null,
      requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } },
      url: null,
      elicitationId: null,
      status: 'pending',
      response: null,
      createdAt: 0,
    };
    render(<ElicitationForm elicitation={elicitation} onRespond={() => {}} />);

    const card = screen.getByRole('region', { name: 'The agent needs some information' });
    expect(card).toHaveTextContent('Which branch should I deploy?');
    await act(async () => {});
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Nothing can be answered until the form is there.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('the thread, fetched with the conversation', () => {
  it('shows an empty session as the empty log and fetches nothing', async () => {
    const { Thread, fetches } = await freshThread();
    const { container } = render(<Thread session={createSessionState('s1', { cwd: '/workspace' })} />);
    await act(async () => {});

    expect(screen.getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByText('Send a message to start')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="thread"]')).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetches.count).toBe(0);
  });

  it('shows the messages as plain text while the conversation loads, then the thread', async () => {
    const { Thread, fetches } = await freshThread();
    const { container } = render(<Thread session={turnInProgress()} />);

    // Before the chunk: the prompt and the answer so far, as written, in a busy log.
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByRole('article', { name: 'Your message' })).toHaveTextContent('Fix the greeting');
    expect(within(log).getByRole('article', { name: 'Agent message' })).toHaveTextContent('The **greeting** is');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(container.querySelector('[data-slot="thread"]')).toHaveAttribute('aria-busy', 'true');

    // Loaded: the same turn rendered, markdown formatted, nothing loading any more.
    expect(await screen.findByText('greeting', { selector: 'strong' }, LOADED)).toBeInTheDocument();
    expect(container.querySelector('[data-slot="thread-turn"]')).not.toBeNull();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(fetches.count).toBe(1);
  });

  it('shows only the newest messages of a long session while the conversation loads, from the log’s end', async () => {
    const { Thread } = await freshThread(1);
    let session = createSessionState('s1', { cwd: '/workspace', status: 'loading' });
    for (let i = 0; i < 2000; i++) {
      session = applySessionUpdate(session, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: `question ${i}` } }, i);
      session = applySessionUpdate(session, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `answer ${i}` } }, i);
    }
    // jsdom has no layout: a log of 400 px over 9,000 px of content.
    const heights = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(9000);
    const clients = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    try {
      render(<Thread session={session} />);
      await screen.findByRole('button', { name: 'Retry' }, LOADED);
      const log = screen.getByRole('log', { name: 'Conversation' });
      // A bounded tail, never the whole history (4,000 items) mounted as text.
      const shown = within(log).getAllByRole('article');
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThanOrEqual(100);
      expect(shown.at(-1)).toHaveTextContent('answer 1999');
      expect(within(log).queryByText('question 0')).not.toBeInTheDocument();
      expect(log).toHaveTextContent(`${4000 - shown.length} earlier messages`);
      expect(log.scrollTop).toBe(9000);
    } finally {
      heights.mockRestore();
      clients.mockRestore();
    }
  });

  it('offers Retry when the conversation cannot be fetched, keeping the messages readable', async () => {
    const { Thread, fetches } = await freshThread(1);
    render(<Thread session={turnInProgress()} />);

    const retry = await screen.findByRole('button', { name: 'Retry' }, LOADED);
    expect(screen.getByRole('status')).toHaveTextContent('This part of the page could not be loaded.');
    expect(screen.getByRole('article', { name: 'Agent message' })).toHaveTextContent('The **greeting** is');

    await userEvent.click(retry);
    expect(await screen.findByText('greeting', { selector: 'strong' }, LOADED)).toBeInTheDocument();
    expect(fetches.count).toBe(2);
  });
});

describe('the prompt queue list', () => {
  afterEach(() => vi.doUnmock('../../src/components/PromptInput/PromptQueueListLoaded.js'));

  it('is fetched once the user writes during a turn, not when the turn starts', async () => {
    let fetches = 0;
    vi.doMock('../../src/components/PromptInput/PromptQueueListLoaded.js', async (importOriginal) => {
      fetches += 1;
      return importOriginal();
    });
    vi.resetModules();
    const { PromptInput } = await import('../../src/components/PromptInput/index.js');
    const { rerender } = render(<PromptInput running={false} onSubmit={() => {}} onCancel={() => {}} />);
    rerender(<PromptInput running onSubmit={() => {}} onCancel={() => {}} />);
    await act(async () => {});
    expect(fetches).toBe(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Message to the agent' }), 'and then');
    await act(async () => {});
    expect(fetches).toBe(1);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: /queued/i }, LOADED)).toHaveTextContent('and then');
    expect(fetches).toBe(1);
  });
});

describe('plainOutputLines', () => {
  it('drops escape sequences and applies carriage returns the way a terminal redraws a line', () => {
    const output = '\x1b]0;title\x07\x1b[1mbuild\x1b[0m\r\nprogress 10%\rprogress 100%\nlast\x1b[K';
    expect(plainOutputLines(output, 1000)).toEqual(['build', 'progress 100%', 'last']);
  });

  it('keeps only the last lines', () => {
    expect(plainOutputLines('a\nb\nc\n', 2)).toEqual(['b', 'c']);
  });
});
