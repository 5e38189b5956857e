import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UsageMeter } from '../../src/components/UsageMeter/index.js';
import { AcpUiProvider } from '../../src/components/shared/index.js';
import type { UsageSnapshot } from '../../src/core/types.js';

const usage = (used: number, size = 100_000, cost: UsageSnapshot['cost'] = null): UsageSnapshot => ({
  used,
  size,
  cost,
});

function rootOf(container: HTMLElement): HTMLElement {
  return container.querySelector('.acp-usage-meter') as HTMLElement;
}

describe('UsageMeter thresholds', () => {
  it.each([
    [74_000, 'normal', null],
    [75_000, 'warning', 'Context filling up'],
    [90_000, 'high', 'Start new session or summarize'],
    [95_000, 'high', 'Start new session or summarize'],
    [96_000, 'critical', 'Next prompt may fail – handoff recommended'],
  ])('%i of 100K tokens is %s', (used, state, advice) => {
    const { container } = render(<UsageMeter usage={usage(used)} />);
    expect(rootOf(container)).toHaveAttribute('data-status', state);
    const status = screen.getByRole('status');
    if (advice) expect(status).toHaveTextContent(advice);
    else expect(status).toBeEmptyDOMElement();
  });
});

describe('UsageMeter meter', () => {
  it('exposes the meter values and a readable value text', () => {
    render(<UsageMeter usage={usage(31_400, 200_000)} />);
    const meter = screen.getByRole('meter', { name: 'Context window' });
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '200000');
    expect(meter).toHaveAttribute('aria-valuenow', '31400');
    expect(meter).toHaveAttribute('aria-valuetext', '31.4K of 200K tokens, 16%');
    expect(screen.getByText('31.4K of 200K tokens')).toBeInTheDocument();
  });

  it('clamps the meter value when usage exceeds the window', () => {
    const { container } = render(<UsageMeter usage={usage(210_000, 200_000)} />);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '200000');
    expect(rootOf(container)).toHaveAttribute('data-status', 'critical');
  });

  it('guards a window size of 0: no meter, no percentage, no NaN', () => {
    const { container } = render(<UsageMeter usage={usage(5_000, 0)} />);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getByText('5K tokens used')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/NaN|Infinity|%/);
    expect(rootOf(container)).toHaveAttribute('data-status', 'normal');
  });

  it('uses the provider locale for numbers', () => {
    render(
      <AcpUiProvider locale="de">
        <UsageMeter usage={usage(31_400, 200_000, { amount: 1234.5, currency: 'EUR' })} />
      </AcpUiProvider>,
    );
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', expect.stringMatching(/16\s%$/));
    expect(screen.getByText(/1\.234,50\s€/)).toBeInTheDocument();
  });

  it('renders a quiet empty state for null usage, and nothing when compact', () => {
    const { container, rerender } = render(<UsageMeter usage={null} />);
    expect(screen.getByText('No usage reported')).toBeInTheDocument();
    rerender(<UsageMeter usage={null} variant="compact" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('UsageMeter cost', () => {
  it('formats an ISO currency with Intl, keeping small amounts readable', () => {
    const { rerender } = render(<UsageMeter usage={usage(1000, 100_000, { amount: 12.5, currency: 'USD' })} />);
    expect(screen.getByText('Session cost').nextElementSibling).toHaveTextContent('$12.50');
    rerender(<UsageMeter usage={usage(1000, 100_000, { amount: 0.045, currency: 'USD' })} />);
    expect(screen.getByText('$0.045')).toBeInTheDocument();
  });

  it('shows a non-currency unit as number and unit', () => {
    render(<UsageMeter usage={usage(1000, 100_000, { amount: 1250, currency: 'credits' })} />);
    expect(screen.getByText('1,250 credits')).toBeInTheDocument();
  });

  it('omits the cost when none is reported', () => {
    render(<UsageMeter usage={usage(1000)} />);
    expect(screen.queryByText('Session cost')).not.toBeInTheDocument();
  });
});

describe('UsageMeter last turn', () => {
  it('shows reported per-turn counts, labelled approximate, and skips unreported ones', () => {
    render(
      <UsageMeter
        usage={usage(1000)}
        lastTurnUsage={{ totalTokens: 53_000, inputTokens: 35_000, outputTokens: 12_000, thoughtTokens: 5_000, cachedReadTokens: null }}
      />,
    );
    const section = screen.getByText('Last turn, approximate').parentElement as HTMLElement;
    expect(within(section).getByText('Total').nextElementSibling).toHaveTextContent('53K');
    expect(within(section).getByText('Input').nextElementSibling).toHaveTextContent('35K');
    expect(within(section).getByText('Output').nextElementSibling).toHaveTextContent('12K');
    expect(within(section).getByText('Thinking').nextElementSibling).toHaveTextContent('5K');
    expect(within(section).queryByText('Cache read')).not.toBeInTheDocument();
    expect(within(section).queryByText('Cache write')).not.toBeInTheDocument();
  });

  it('shows no last-turn section without per-turn usage', () => {
    render(<UsageMeter usage={usage(1000)} lastTurnUsage={null} />);
    expect(screen.queryByText('Last turn, approximate')).not.toBeInTheDocument();
  });
});

describe('UsageMeter compact', () => {
  it('opens the details with the keyboard and closes on Escape, returning focus', async () => {
    const user = userEvent.setup();
    render(<UsageMeter variant="compact" usage={usage(92_000, 100_000)} />);
    const trigger = screen.getByRole('button', { name: /Context usage: 92K of 100K tokens, 92%/ });
    expect(trigger).toHaveAccessibleName(expect.stringContaining('Start new session or summarize'));
    expect(trigger).toHaveTextContent('92%');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();

    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('group', { name: 'Context usage details' });
    expect(within(details).getByRole('meter')).toHaveAttribute('aria-valuenow', '92000');

    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Context usage details' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape after a click inside the details, returning focus to the ring', async () => {
    const user = userEvent.setup();
    render(<UsageMeter variant="compact" usage={usage(10_000, 100_000, { amount: 1, currency: 'USD' })} />);
    const trigger = screen.getByRole('button', { name: /Context usage/ });
    await user.click(trigger);
    await user.click(screen.getByText('Session cost'));
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when the pointer goes down outside', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <UsageMeter variant="compact" usage={usage(10_000)} />
        <p>outside</p>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: /Context usage/ });
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('outside'));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows used tokens instead of a percentage when the size is unknown', () => {
    render(<UsageMeter variant="compact" usage={usage(5_000, 0)} />);
    expect(screen.getByRole('button', { name: /Context usage: 5K tokens used/ })).toHaveTextContent('5K tokens used');
  });
});
