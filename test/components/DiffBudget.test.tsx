/**
 * A big diff shows what changed, and says so when it is an approximation: a 40,000-line file
 * with every tenth line changed used to show as the whole file replaced (+40,000 −40,000, after
 * jsdiff gave up at its time limit), with nothing telling the reader.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Diff } from '../../src/components/Diff/index.js';
import { bigDiff } from '../helpers/hostile-agent.mjs';

describe('Diff within its budget', () => {
  it('shows the real counts of a 40,000-line file with every tenth line changed', async () => {
    const { path, oldText, newText } = bigDiff(1);
    const { container } = render(<Diff path={path} oldText={oldText} newText={newText} highlight={false} />);
    // Large diffs are computed after paint.
    expect(await screen.findByText('4,000 lines added, 4,000 lines removed')).toBeInTheDocument();
    expect(container.querySelector('[data-slot="diff-approximate"]')).toBeNull();
    expect(container.querySelector('[data-slot="diff-counts"]')).toHaveTextContent('+4,000 −4,000');
  });

  it('says when the diff is an approximation, with the new text to copy or download', async () => {
    // Thousands of repeated lines, almost all of them changed: nothing unique to anchor on and
    // far too many edits for an exact comparison within the work limit.
    const before = Array.from({ length: 60_000 }, (_, i) => ['{', '}', 'x', ''][i % 4]).join('\n');
    const after = Array.from({ length: 60_000 }, (_, i) => ['}', '{', 'y', ' '][i % 4]).join('\n');
    const { container } = render(<Diff path="/w/repeated.txt" oldText={before} newText={after} highlight={false} />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Approximate diff');
    expect(within(note).getByRole('button', { name: 'Download the full text as repeated.txt' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="diff-counts"]')!.textContent).toMatch(/^≈ /);
    expect(screen.getByText(/^At most .* lines added, .* lines removed \(approximate\)$/)).toBeInTheDocument();
  });
});
