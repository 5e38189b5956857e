import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// Each test imports <Markdown> afresh, so the renderer has not been fetched yet on this "page"
// (test/setup-dom.ts preloads only what the file imported before the tests ran).
beforeEach(() => {
  vi.resetModules();
  vi.doUnmock('../../src/components/conversation.js');
});

async function freshMarkdown() {
  return (await import('../../src/components/Markdown/index.js')).Markdown;
}

// The first import of the renderer transforms its modules on the fly: allow for it.
const LOADED = { timeout: 15_000 };

const TEXT = 'Some **bold** text\nand a [link](https://example.com).';

describe('Markdown before its renderer has loaded', () => {
  it('shows the text as written in the same container, then the formatted text', async () => {
    const Markdown = await freshMarkdown();
    const { container } = render(<Markdown text={TEXT} />);
    const root = container.querySelector('[data-slot="markdown"]');
    expect(root).toHaveClass('acp-markdown');
    expect(root?.querySelector('[data-slot="markdown-plain"]')?.textContent).toBe(TEXT);

    expect(await screen.findByRole('link', { name: 'link' }, LOADED)).toHaveAttribute('href', 'https://example.com');
    expect(container.querySelector('[data-slot="markdown"]')).toBe(root);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(container.querySelector('[data-slot="markdown-plain"]')).toBeNull();
  });

  it('reports a failed fetch with a retry that fetches again', async () => {
    let attempts = 0;
    vi.doMock('../../src/components/conversation.js', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk missing');
      return importOriginal();
    });
    const Markdown = await freshMarkdown();
    render(<Markdown text={TEXT} />);
    const alert = await screen.findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('Formatting could not be loaded.');
    // The text stays readable meanwhile.
    expect(screen.getByText(/Some \*\*bold\*\* text/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'link' }, LOADED)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(attempts).toBe(2);
  });
});
