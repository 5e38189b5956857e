import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { UsageMeter } from '../src/components/UsageMeter/index.js';
import { preloadComponents } from '../src/components/shared/index.js';
import type { TurnUsage, UsageSnapshot } from '../src/core/types.js';

// Shapes from ACP-CLIENT-GUIDE §6: `usage_update` snapshots and `PromptResponse.usage`.
const at = (used: number, cost: UsageSnapshot['cost'] = { amount: 0.045, currency: 'USD' }): UsageSnapshot => ({
  used,
  size: 200_000,
  cost,
});
const lastTurn: TurnUsage = {
  totalTokens: 53_000,
  inputTokens: 35_000,
  outputTokens: 12_000,
  thoughtTokens: 5_000,
  cachedReadTokens: 5_000,
  cachedWriteTokens: 1_000,
};

const meta = {
  title: 'Components/UsageMeter',
  component: UsageMeter,
  // The meter loads on demand; the play function below drives the loaded popover.
  loaders: [() => preloadComponents()],
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UsageMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = { args: { usage: at(31_400) } };
export const Warning: Story = { args: { usage: at(156_000, { amount: 1.82, currency: 'USD' }) } };
export const High: Story = { args: { usage: at(184_000, { amount: 2.4, currency: 'EUR' }) } };
export const Critical: Story = { args: { usage: at(193_500, { amount: 3.1, currency: 'USD' }) } };
export const WithLastTurn: Story = { args: { usage: at(53_000), lastTurnUsage: lastTurn } };
export const CreditsUnit: Story = { args: { usage: at(80_000, { amount: 1250, currency: 'credits' }) } };
export const UnknownWindowSize: Story = { args: { usage: { used: 12_800, size: 0, cost: null } } };
export const NoUsageReported: Story = { args: { usage: null } };

/** Compact rings for every threshold, as they would sit in a composer toolbar. */
export const CompactStates: Story = {
  args: { usage: at(31_400), variant: 'compact' },
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <UsageMeter {...args} />
      <UsageMeter {...args} usage={at(156_000)} />
      <UsageMeter {...args} usage={at(184_000)} />
      <UsageMeter {...args} usage={at(193_500)} />
    </div>
  ),
};

export const CompactOpen: Story = {
  args: { usage: at(184_000, { amount: 2.4, currency: 'USD' }), lastTurnUsage: lastTurn, variant: 'compact' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Context usage/ });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};
