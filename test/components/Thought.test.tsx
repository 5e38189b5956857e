import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Thought } from '../../src/components/Thought/index.js';
import type { ThoughtItem } from '../../src/core/types.js';

function thought(endedAt: number | null, text = 'Considering the **options**'): ThoughtItem {
  return { id: 't1', kind: 'thought', messageId: null, content: [{ type: 'text', text }], text, startedAt: 10_000, endedAt };
}

const panelOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls')!)!;

describe('Thought', () => {
  it('is open while streaming and closes itself when the thought ends', () => {
    const { rerender } = render(<Thought item={thought(null)} streaming />);
    const button = screen.getByRole('button', { name: 'Thinking…' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf(button)).not.toHaveAttribute('hidden');

    rerender(<Thought item={thought(13_200)} streaming />);
    const done = screen.getByRole('button', { name: 'Thought for 3s' });
    expect(done).toHaveAttribute('aria-expanded', 'false');
    // Collapsed but findable: the text stays in the DOM, hidden until found.
    expect(panelOf(done)).toHaveAttribute('hidden', 'until-found');
    expect(panelOf(done)).toHaveTextContent('Considering the options');
  });

  it('stays as the user left it after a manual toggle', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Thought item={thought(null)} streaming />);
    const button = screen.getByRole('button', { name: 'Thinking…' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    rerender(<Thought item={thought(10_100)} streaming />);
    // Ended, but the user opened it themselves: it stays open. Short thoughts say at least 1s.
    expect(screen.getByRole('button', { name: 'Thought for 1s' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts collapsed for a finished thought and opens on beforematch (find in page)', () => {
    render(<Thought item={thought(12_600)} />);
    const button = screen.getByRole('button', { name: 'Thought for 3s' });
    const panel = panelOf(button);
    expect(panel.getAttribute('hidden')).toBe('until-found');
    act(() => {
      fireEvent(panel, new Event('beforematch', { bubbles: true }));
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveAttribute('hidden');
  });

  it('formats the duration with the locale and says "Thought" without an end', () => {
    const { rerender } = render(<Thought item={{ ...thought(null), endedAt: 10_000 + 1_234_000 }} />);
    expect(screen.getByRole('button', { name: 'Thought for 1,234s' })).toBeInTheDocument();
    rerender(<Thought item={thought(null)} />);
    expect(screen.getByRole('button', { name: 'Thought' })).toHaveAttribute('aria-expanded', 'false');
  });
});
