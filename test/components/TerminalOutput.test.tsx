import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TerminalOutput } from '../../src/components/TerminalOutput/index.js';
import { TerminalLineParser } from '../../src/components/TerminalOutput/terminal-lines.js';
import { nearestBaseColor, paletteRgb } from '../../src/components/TerminalOutput/ansi-style.js';
import type { TerminalState } from '../../src/core/types.js';

function terminal(patch: Partial<TerminalState> = {}): TerminalState {
  return {
    terminalId: 'term-1',
    sessionId: 'sess-1',
    command: 'npm',
    args: ['test'],
    cwd: '/workspace/demo',
    output: '',
    truncated: false,
    exitStatus: null,
    released: false,
    ...patch,
  };
}

describe('TerminalOutput', () => {
  it('turns ANSI colours and decorations into styled spans', () => {
    const output = 'ok \x1b[31mError\x1b[0m \x1b[1;4mstrong\x1b[22;24m \x1b[38;2;220;50;47mrgb\x1b[0m\n';
    render(<TerminalOutput terminal={terminal({ output })} />);
    const error = screen.getByText('Error');
    expect(error.tagName).toBe('SPAN');
    expect(error).toHaveClass('acp-ansi-fg-red');
    expect(screen.getByText('strong')).toHaveClass('acp-ansi-bold', 'acp-ansi-underline');
    // True colour maps to the nearest theme colour, legible in light and dark alike.
    expect(screen.getByText('rgb')).toHaveClass('acp-ansi-fg-red');
    // The escape sequences themselves never reach the page.
    expect(screen.getByRole('log').textContent).toBe('ok Error strong rgb');
  });

  it('keeps a colour opened on one line on the following lines', () => {
    render(<TerminalOutput terminal={terminal({ output: '\x1b[32mfirst\nsecond\x1b[0m\nthird\n' })} />);
    expect(screen.getByText('second')).toHaveClass('acp-ansi-fg-green');
    expect(screen.getByText('third')).not.toHaveClass('acp-ansi-fg-green');
  });

  it('shows HTML in the output and the command as inert text', () => {
    const output = '<img src=x onerror="alert(1)"><script>alert(2)</script>\n';
    const { container } = render(<TerminalOutput terminal={terminal({ command: 'echo', args: ['<b>hi</b>'], output })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeInTheDocument();
    expect(screen.getByText("echo '<b>hi</b>'")).toBeInTheDocument();
  });

  it('is a log that does not announce every chunk', () => {
    render(<TerminalOutput terminal={terminal({ output: 'x' })} />);
    const log = screen.getByRole('log', { name: 'Output of npm test' });
    expect(log).toHaveAttribute('aria-live', 'off');
  });

  it('shows a running indicator, then success, failure and signal badges', () => {
    const { rerender, container } = render(<TerminalOutput terminal={terminal()} />);
    const status = () => container.querySelector('[data-slot="terminal-status"]')!;
    expect(status()).toHaveTextContent('Running');
    expect(status()).toHaveAttribute('data-status', 'running');

    rerender(<TerminalOutput terminal={terminal({ exitStatus: { exitCode: 0, signal: null } })} />);
    expect(status()).toHaveTextContent('Exit code 0');
    expect(status()).toHaveAttribute('data-status', 'success');

    rerender(<TerminalOutput terminal={terminal({ exitStatus: { exitCode: 2, signal: null } })} />);
    expect(status()).toHaveTextContent('Exit code 2');
    expect(status()).toHaveAttribute('data-status', 'failure');

    rerender(<TerminalOutput terminal={terminal({ exitStatus: { exitCode: null, signal: 'SIGTERM' } })} />);
    expect(status()).toHaveTextContent('Killed by SIGTERM');
    expect(status()).toHaveAttribute('data-status', 'failure');
  });

  it('says when the output was truncated', () => {
    const { rerender } = render(<TerminalOutput terminal={terminal({ output: 'tail' })} />);
    expect(screen.queryByText('Output truncated (showing the end)')).toBeNull();
    rerender(<TerminalOutput terminal={terminal({ output: 'tail', truncated: true })} />);
    expect(screen.getByText('Output truncated (showing the end)')).toBeInTheDocument();
  });

  it('keeps showing the output after the terminal is released', () => {
    const { container } = render(<TerminalOutput terminal={terminal({ output: 'compiled 12 files\n', released: true })} />);
    expect(screen.getByText('compiled 12 files')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="terminal-status"]')).toHaveTextContent('Stopped');
    expect(container.querySelector('[data-slot="terminal"]')).toHaveAttribute('data-released', 'true');
  });

  it('applies carriage returns like a terminal (progress bars overwrite the line)', () => {
    render(<TerminalOutput terminal={terminal({ output: 'downloading 10%\rdownloading 100%\r\ndone\r\n' })} />);
    expect(screen.getByRole('log').textContent).toBe('downloading 100%done');
  });

  it('mounts only the end of huge output, earlier lines a page at a time', async () => {
    const user = userEvent.setup();
    const output = Array.from({ length: 1500 }, (_, i) => `line ${i + 1}`).join('\n');
    const { container } = render(<TerminalOutput terminal={terminal({ output })} maxLines={1000} />);
    const lines = () => container.querySelectorAll('[data-slot="terminal-line"]');
    expect(lines()).toHaveLength(1000);
    expect(screen.queryByText('line 500')).toBeNull();
    expect(screen.getByText('line 1500')).toBeInTheDocument();
    expect(screen.getByText(/500 earlier lines not shown/)).toBeInTheDocument();
    // The whole output is one click away while some of it is not on screen.
    expect(screen.getByRole('button', { name: 'Download the full text as terminal-output.txt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 500 earlier lines' }));
    // The page of earlier lines fills its block from an effect (where it is near the view, or at
    // once without IntersectionObserver), which React 18 may run after the click's commit.
    await waitFor(() => expect(lines()).toHaveLength(1500));
  });

  it('follows new output while at the bottom, and stops when the user scrolls up', () => {
    const { rerender } = render(<TerminalOutput terminal={terminal({ output: 'a\n' })} />);
    const log = screen.getByRole('log');
    let scrollHeight = 500;
    Object.defineProperty(log, 'scrollHeight', { get: () => scrollHeight, configurable: true });
    Object.defineProperty(log, 'clientHeight', { value: 100, configurable: true });
    Object.defineProperty(log, 'scrollTop', { value: 0, writable: true, configurable: true });

    rerender(<TerminalOutput terminal={terminal({ output: 'a\nb\n' })} />);
    expect(log.scrollTop).toBe(500);

    log.scrollTop = 120;
    fireEvent.scroll(log);
    scrollHeight = 600;
    rerender(<TerminalOutput terminal={terminal({ output: 'a\nb\nc\n' })} />);
    expect(log.scrollTop).toBe(120);

    log.scrollTop = 500;
    fireEvent.scroll(log);
    scrollHeight = 700;
    rerender(<TerminalOutput terminal={terminal({ output: 'a\nb\nc\nd\n' })} />);
    expect(log.scrollTop).toBe(700);
  });
});

describe('nearestBaseColor', () => {
  it.each([
    [[255, 135, 0], 'yellow'],
    [[187, 0, 0], 'red'],
    [[255, 85, 85], 'bright-red'],
    [[0, 95, 215], 'blue'],
    [[0, 175, 175], 'cyan'],
    [[138, 138, 138], 'bright-black'],
    [[8, 8, 8], 'black'],
    [[238, 238, 238], 'bright-white'],
  ] as const)('maps rgb %j to %s', (rgb, name) => {
    expect(nearestBaseColor(rgb[0], rgb[1], rgb[2])).toBe(name);
  });

  it('maps xterm palette indices through the same table', () => {
    expect(nearestBaseColor(...paletteRgb(208))).toBe('yellow');
    expect(nearestBaseColor(...paletteRgb(245))).toBe('bright-black');
  });
});

describe('TerminalLineParser', () => {
  it('reuses the parse of unchanged lines when output grows or is truncated at the front', () => {
    const parser = new TerminalLineParser();
    const first = parser.parse('\x1b[33mone\ntwo\nthr');
    const grown = parser.parse('\x1b[33mone\ntwo\nthree\nfour');
    expect(grown[0]).toBe(first[0]);
    expect(grown[1]).toBe(first[1]);
    expect(grown[2]).not.toBe(first[2]);
    expect(grown[2].spans).toEqual([{ text: 'three', className: 'acp-ansi-fg-yellow' }]);

    // Front truncation: the surviving lines start from a reset state, so only state-free lines match.
    const plain = parser.parse('a\nb\nc');
    const truncated = parser.parse('b\nc\nd');
    expect(truncated[0]).toBe(plain[1]);
    expect(truncated[1]).toBe(plain[2]);
  });
});
