import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Plans } from '../src/components/Plan/index.js';
import type { PlanState } from '../src/core/types.js';

// Shapes of `plan_update` (plan operations): a checklist, a Markdown plan document with the
// absolute path it is kept in, and a plan kept in a file the agent names by URI.
const checklist: PlanState = {
  planId: 'main',
  type: 'items',
  entries: [
    { content: 'Read the configuration loader and its tests', priority: 'high', status: 'completed' },
    { content: 'Add an `ssl` option with a safe default', priority: 'high', status: 'in_progress' },
    { content: 'Document the new option in the README', priority: 'low', status: 'pending' },
  ],
  _meta: null,
};

const documentText = `## Goal

Let hosts turn on TLS for the database connection without touching the loader.

## Steps

1. Add \`ssl\` to \`DatabaseConfig\`, **off** by default.
2. Validate it in \`parseConfig()\`:

   \`\`\`ts
   if (typeof raw.ssl !== 'boolean') throw new ConfigError('ssl must be a boolean');
   \`\`\`

3. Cover both values in \`config.test.ts\`.

> Out of scope: certificate pinning.
`;

const planDocument: PlanState = { planId: 'design', type: 'markdown', content: documentText, path: '/workspace/demo/.agent/plans/ssl-option.md', _meta: null };
const filePlan: PlanState = { planId: 'review', type: 'file', uri: 'file:///workspace/demo/.agent/plans/review-checklist.md', _meta: null };

const byId = (...plans: PlanState[]): Record<string, PlanState> => Object.fromEntries(plans.map((p) => [p.planId, p]));

const meta = {
  title: 'Components/Plans',
  component: Plans,
  args: { plans: byId(checklist) },
  decorators: [(Story) => <div style={{ maxWidth: 600 }}>{Story()}</div>],
} satisfies Meta<typeof Plans>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A v1 agent's plan (`main`): the checklist, as `Plan` shows it. */
export const Checklist: Story = {};

/** A Markdown plan document, with the file it is kept in. */
export const Document: Story = {
  args: { plans: byId(planDocument) },
};

/** The host can open files: the document's path is a button. */
export const DocumentWithOpenableFile: Story = {
  args: { plans: byId(planDocument), onOpenLocation: () => {} },
};

/** A plan document the agent gave no path for. */
export const DocumentWithoutPath: Story = {
  args: { plans: byId({ planId: 'design', type: 'markdown', content: '- Read the loader\n- Add the option\n- Test both values', _meta: null }) },
};

/** A plan kept in a file: its URI is shown as text, never fetched. */
export const InAFile: Story = {
  args: { plans: byId(filePlan) },
};

/** Several plans at once: each named by its plan id, the main plan first. */
export const Several: Story = {
  args: { plans: byId(planDocument, filePlan, checklist), onOpenLocation: () => {} },
};

export const SeveralDark: Story = {
  args: { plans: byId(planDocument, filePlan, checklist) },
  globals: { theme: 'dark' },
};

export const HostileContent: Story = {
  args: {
    plans: byId(
      {
        planId: '<img src=x onerror="alert(1)">',
        type: 'markdown',
        content: '<script>alert(2)</script> [link](javascript:alert(3)) <b>not bold</b>',
        path: '/tmp/<b>x</b>.md',
        _meta: null,
      },
      { planId: 'file', type: 'file', uri: 'javascript:alert(4)', _meta: null },
    ),
  },
};

/** The agent adds a plan document, then removes it (`plan_update`, `plan_removed`). */
function Changing() {
  const [withDocument, setWithDocument] = useState(false);
  const plans = withDocument ? byId(checklist, planDocument) : byId(checklist);
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <div style={{ width: '100%' }}>
        <Plans plans={plans} />
      </div>
      <button type="button" className="acp-button" onClick={() => setWithDocument((v) => !v)}>
        {withDocument ? 'Remove the plan document' : 'Add a plan document'}
      </button>
    </div>
  );
}

export const LiveUpdates: Story = {
  render: () => <Changing />,
};
