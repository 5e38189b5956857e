import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CodeBlock } from '../../src/components/CodeBlock/index.js';
import { highlightLines, languageForPath, resolveLanguage } from '../../src/highlight/index.js';

const TS = 'export const answer: number = 42;\n// a comment\nfunction greet(name: string) {\n  return `hi ${name}`;\n}';

afterEach(() => vi.restoreAllMocks());

describe('CodeBlock', () => {
  it('shows plain text at once, then coloured tokens with the same text', async () => {
    const { container } = render(<CodeBlock code={TS} language="ts" />);
    const block = container.querySelector('[data-slot="code-block"]')!;
    expect(block).toHaveAttribute('data-state', 'highlighting');
    expect(container.querySelector('code')!.textContent).toBe(TS);
    expect(container.querySelectorAll('[data-slot="code-block-line"] span[style]')).toHaveLength(0);

    await waitFor(() => expect(block).toHaveAttribute('data-state', 'highlighted'), { timeout: 10_000 });
    // jsdom has no Worker: the tokens were made on the main thread, and the block says so.
    expect(block).toHaveAttribute('data-highlighter', 'main-thread');
    expect(container.querySelector('code')!.textContent).toBe(TS);
    const keyword = [...container.querySelectorAll<HTMLElement>('[data-slot="code-block-line"] span[style]')].find((s) => s.textContent === 'export');
    expect(keyword?.style.color).toContain('--acp-code-keyword');
  });

  it('labels the language and copies the code', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CodeBlock code={'echo hi'} language="bash" />);
    expect(screen.getByText('Shell')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Shell code' }));
    expect(writeText).toHaveBeenCalledWith('echo hi');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Copied to clipboard');
  });

  it('selects the code for a keyboard copy when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CodeBlock code={'plain words'} />);
    await user.click(screen.getByRole('button', { name: 'Copy Text code' }));
    expect(await screen.findByRole('button', { name: 'Selected: copy with your keyboard' })).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe('plain words');
  });

  it('keeps huge blocks plain, with a note', async () => {
    const code = Array.from({ length: 30 }, (_, i) => `const v${i} = ${i};`).join('\n');
    const { container } = render(<CodeBlock code={code} language="ts" maxLines={20} />);
    expect(screen.getByText('Large block (30 lines): shown without syntax highlighting.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.querySelector('[data-slot="code-block"]')).toHaveAttribute('data-state', 'plain');
    expect(container.querySelectorAll('code span')).toHaveLength(0);
  });

  it('shows CRLF code as its lines, without the carriage returns or an empty last line', () => {
    const { container } = render(<CodeBlock code={'one\r\ntwo\r\n'} highlight={false} />);
    const lines = [...container.querySelectorAll('[data-slot="code-block-line"]')].map((line) => line.textContent);
    expect(lines).toEqual(['one', 'two']);
  });

  it('leaves the unfinished last line plain while streaming', async () => {
    const { container, rerender } = render(<CodeBlock code={'let a = 1;\nlet b'} language="ts" streaming />);
    await waitFor(() => expect(container.querySelector('[data-slot="code-block-line"] span[style]')).not.toBeNull(), { timeout: 10_000 });
    const lines = container.querySelectorAll('[data-slot="code-block-line"]');
    expect(lines[0].querySelector('span[style]')).not.toBeNull();
    expect(lines[1].querySelector('span')).toBeNull();
    expect(lines[1].textContent).toBe('let b');
    rerender(<CodeBlock code={'let a = 1;\nlet b = 2;'} language="ts" />);
    await waitFor(() => expect(container.querySelectorAll('[data-slot="code-block-line"]')[1].querySelector('span[style]')).not.toBeNull());
  });
});

describe('highlighter service', () => {
  it('maps names and paths to grammars', () => {
    expect(resolveLanguage('TS')).toBe('typescript');
    expect(resolveLanguage('shell')).toBe('shellscript');
    expect(resolveLanguage('c++')).toBe('cpp');
    expect(resolveLanguage('mermaid')).toBeNull();
    expect(languageForPath('src/App.tsx')).toBe('tsx');
    expect(languageForPath('file:///repo/Dockerfile')).toBe('dockerfile');
    expect(languageForPath('/x/script.py?raw=1')).toBe('python');
    expect(languageForPath('Cargo.toml')).toBe('toml');
    expect(languageForPath('notes')).toBeNull();
  });

  it('does not take names inherited by the lookup tables for grammars', () => {
    expect(resolveLanguage('constructor')).toBeNull();
    expect(resolveLanguage('__proto__')).toBeNull();
    expect(languageForPath('src/constructor')).toBeNull();
    expect(languageForPath('a.toString')).toBeNull();
    expect(languageForPath('a.hasOwnProperty')).toBeNull();
  });

  it('highlights lines into plain token data', async () => {
    const lines = await highlightLines('a = 1\nb = "s"', 'python');
    expect(lines).toHaveLength(2);
    expect(lines![1].map((t) => t.content).join('')).toBe('b = "s"');
    expect(lines![1].some((t) => t.style?.color?.includes('--acp-code-'))).toBe(true);
    expect(await highlightLines('x', 'no-such-language')).toBeNull();
  });
});
