import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Plan } from '../../src/components/Plan/index.js';
import type { PlanEntry } from '../../src/core/types.js';

const plan: PlanEntry[] = [
  { content: 'Read the config loader', priority: 'high', status: 'completed' },
  { content: 'Add the new host option', priority: 'high', status: 'completed' },
  { content: 'Update the tests', priority: 'medium', status: 'in_progress' },
  { content: 'Document the option', priority: 'low', status: 'pending' },
  { content: 'Run the full suite', priority: 'medium', status: 'pending' },
];

const rows = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>('[data-slot="plan-entry"]'));

describe('Plan', () => {
  it('renders nothing without a plan', () => {
    const { container } = render(<Plan entries={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('summarises progress in text and as a progressbar', () => {
    render(<Plan entries={plan} />);
    expect(screen.getByText('2 of 5 completed')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Plan progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5');
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 5 completed');
  });

  it('shows each entry with its status and priority as attributes and as text', () => {
    const { container } = render(<Plan entries={plan} />);
    const entries = rows(container);
    expect(entries.map((row) => row.dataset.status)).toEqual(['completed', 'completed', 'in_progress', 'pending', 'pending']);
    expect(entries.map((row) => row.dataset.priority)).toEqual(['high', 'high', 'medium', 'low', 'medium']);
    expect(entries[2]).toHaveTextContent('In progress: Update the tests');
    expect(entries[2].querySelector('[data-slot="plan-priority"]')).toHaveTextContent('Medium priority');
    expect(entries[0]).toHaveTextContent('Completed: Read the config loader');
    expect(entries[3]).toHaveTextContent('Pending: Document the option');
    expect(container.querySelector('ol')).toBeInTheDocument();
  });

  it('updates in place: the same row elements survive a plan update', () => {
    const { container, rerender } = render(<Plan entries={plan} />);
    const before = rows(container);
    // Statuses move on and the agent rewords the last step: rows are positions, not texts.
    const next: PlanEntry[] = plan.map((entry, i) => ({
      ...entry,
      content: i === 4 ? 'Run the full suite and the linter' : entry.content,
      status: i <= 2 ? 'completed' : i === 3 ? 'in_progress' : 'pending',
    }));
    rerender(<Plan entries={next} />);
    const after = rows(container);
    expect(after).toHaveLength(5);
    after.forEach((row, i) => expect(row).toBe(before[i]));
    expect(after[2]).toHaveAttribute('data-status', 'completed');
    expect(after[3]).toHaveAttribute('data-status', 'in_progress');
    expect(after[4]).toHaveTextContent('Run the full suite and the linter');
    expect(screen.getByText('3 of 5 completed')).toBeInTheDocument();

    // A longer plan keeps the existing rows and appends; a shorter one drops from the end.
    rerender(<Plan entries={[...next, { content: 'Ship it', priority: 'low', status: 'pending' }]} />);
    expect(rows(container).slice(0, 5)).toEqual(before);
    expect(screen.getByText('3 of 6 completed')).toBeInTheDocument();
    rerender(<Plan entries={next.slice(0, 2)} />);
    expect(rows(container)).toEqual(before.slice(0, 2));
  });

  it('collapses and expands, keeping folded entries findable', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { container } = render(<Plan entries={plan} onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: /Plan/ });
    const body = container.querySelector('[data-slot="plan-body"]')!;
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', body.id);

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(body).toHaveAttribute('hidden', 'until-found');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    // The summary stays visible while folded.
    expect(screen.getByRole('progressbar')).toBeVisible();

    fireEvent(body, new Event('beforematch'));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(body).not.toHaveAttribute('hidden');
  });

  it('attaches find-in-page handling to a plan that appears after mounting empty', () => {
    const { container, rerender } = render(<Plan entries={null} defaultOpen={false} />);
    rerender(<Plan entries={plan} defaultOpen={false} />);
    const body = container.querySelector('[data-slot="plan-body"]')!;
    expect(body).toHaveAttribute('hidden', 'until-found');
    fireEvent(body, new Event('beforematch'));
    expect(body).not.toHaveAttribute('hidden');
  });

  it('shows an empty plan as such', () => {
    render(<Plan entries={[]} />);
    expect(screen.getByText('No steps yet')).toBeInTheDocument();
    expect(screen.getByText('0 of 0 completed')).toBeInTheDocument();
  });

  it('renders entry text as inert text', () => {
    const { container } = render(<Plan entries={[{ content: '<img src=x onerror=alert(1)>', priority: 'high', status: 'pending' }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
  });
});
