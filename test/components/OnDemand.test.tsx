/**
 * The on-demand panels (see src/components/shared/lazy-module.ts) with their real modules:
 * what a panel shows before its code has arrived, the switch to the loaded panel, and a failed
 * fetch recovered with Retry. Each test imports a fresh copy of the panel's module graph, so
 * its module is not yet loaded (test/setup-dom.ts preloads the copies other tests import).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ElicitationState, TerminalState } from '../../src/core/types.js';
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
  vi.doUnmock('../../src/components/TerminalOutput/TerminalOutput.js');
  vi.doUnmock('../../src/components/ElicitationForm/ElicitationForm.js');
});

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
    vi.doMock('../../src/components/TerminalOutput/TerminalOutput.js', async (importOriginal) => {
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
    vi.doMock('../../src/components/ElicitationForm/ElicitationForm.js', () => {
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

describe('plainOutputLines', () => {
  it('drops escape sequences and applies carriage returns the way a terminal redraws a line', () => {
    const output = '\x1b]0;title\x07\x1b[1mbuild\x1b[0m\r\nprogress 10%\rprogress 100%\nlast\x1b[K';
    expect(plainOutputLines(output, 1000)).toEqual(['build', 'progress 100%', 'last']);
  });

  it('keeps only the last lines', () => {
    expect(plainOutputLines('a\nb\nc\n', 2)).toEqual(['b', 'c']);
  });
});
