/**
 * The web IDE page against an agent that speaks only ACP v2 (the demo agent with `?protocol=2`),
 * with no flag on the page: it offers version 2 in its one `initialize` and speaks what the agent
 * answers. What a user sees must be what they see over v1: the streamed turn, the edit card with
 * its diff (a git patch on v2) and the permission prompt, the plan document, sub-agents with a
 * child's permission, Stop, and a connection cut mid-turn restored without duplicates. The inspector says "ACP v2", and the agent's mode (a config option
 * on v2, which has no session modes) is the one "Mode" control.
 */
import { expect } from 'vitest';
import { cutAndReconnect, e2e, openPlayground, panel, sendPrompt, setupE2E, toolCall, userMessages, waitCount, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });
const v2 = () => e.url('', { agent: `${e.agent.url}?protocol=2` });

e2e('connects over ACP v2 with no flag: the inspector says ACP v2, modes come as a config option', async ({ page }) => {
  await openPlayground(page, v2());
  const p = panel(page);
  await page.getByRole('button', { name: 'Protocol inspector' }).click();
  const inspector = page.getByRole('complementary', { name: 'Protocol inspector panel' });
  await inspector.getByText('ACP v2').waitFor();
  // Exactly one initialize went out, and the agent answered version 2.
  const frames = inspector.getByRole('list', { name: 'Protocol inspector' }).getByRole('listitem');
  await waitCount(frames.filter({ hasText: /^\s*→?\s*initialize\b/ }), 1);
  // v2 has no session modes: the agent's mode is its config option of category mode, shown as the
  // one "Mode" control, with no legacy mode picker beside it.
  const modeOption = p
    .locator('[data-slot="config-control"][data-type="select"]')
    .filter({ has: page.locator('[data-slot="config-select-label"]', { hasText: /^Mode$/ }) });
  await modeOption.waitFor();
  expect(await p.locator('[data-slot="config-control"][data-type="mode"]').count()).toBe(0);
  // v2 gives the agent no access to the page's files: the IDE says its workspace does not follow.
  await page.getByTestId('agent-owns-files').waitFor();
});

e2e('a default turn over v2: streamed markdown, the edit card with its diff and permission prompt, the turn ends', async ({ page }) => {
  await openPlayground(page, v2());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });

  await sendPrompt(page, 'Please improve the greeting');
  await log.getByRole('article', { name: 'Your message' }).filter({ hasText: 'Please improve the greeting' }).waitFor();
  const answer = log.getByRole('article', { name: 'Agent message' }).filter({ has: page.getByRole('heading', { name: 'Plan for src/greeting.ts', level: 2 }) });
  await answer.waitFor();

  // The edit's diff arrives as a git patch and renders as rows.
  const edit = toolCall(page, 'Edit:');
  await edit.waitFor();
  await edit.getByRole('deletion').filter({ hasText: "return 'Hello, ' + name + '!';" }).waitFor();
  await edit.getByRole('insertion').filter({ hasText: "const punctuation = options.punctuation ?? '!';" }).waitFor();
  const permission = edit.getByRole('group', { name: /^Permission needed/ });
  await permission.waitFor();
  await permission.getByRole('button', { name: 'Allow', exact: true }).click();
  await permission.getByText('You chose: Allow').waitFor();
  await edit.getByRole('button', { name: /Completed/ }).waitFor();

  await waitTurnEnd(page);
  await log.getByRole('heading', { name: 'Summary' }).waitFor();
  // The agent's plan document (a Markdown plan_update, v2's only plan shape besides the
  // checklist), with the file it keeps it in.
  const planDocument = p.locator('[data-slot="plan-document"]');
  await planDocument.getByRole('heading', { name: 'Punctuation option for greet()' }).waitFor();
  expect(await planDocument.locator('[data-slot="plan-path"]').textContent()).toMatch(/\/PLAN\.md$/);
  // The user's message is there once: the agent's echo of it (v2 `user_message`) did not add one.
  await waitCount(userMessages(page).filter({ hasText: 'Please improve the greeting' }), 1);
  expect(await log.getByRole('alert').count()).toBe(0);
  expect(await p.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);
});

e2e('sub-agents over v2: both children listed with their progress, the child’s permission answered, the turn ends', async ({ page }) => {
  await openPlayground(page, v2());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const list = p.getByRole('list', { name: 'Sub-agents' });
  const child = (title: string) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Think: ${title}`) }) });
  const permission = p
    .getByRole('group', { name: 'Permission needed: Write test/greeting.test.ts Asked by the sub-agent “Test writer”' })
    .and(page.locator('[data-status="pending"]'));

  await sendPrompt(page, '/subagents');
  await child('Explorer').waitFor();
  await child('Test writer').getByText('Running', { exact: true }).waitFor();
  await permission.waitFor();
  // The child's edit, a git patch on v2, is shown in the prompt before the user decides.
  expect(await permission.textContent()).toContain("expect(greet('')).toBe('Hello, !');");
  await permission.getByRole('button', { name: 'Allow', exact: true }).click();
  await waitTurnEnd(page);
  for (const title of ['Explorer', 'Test writer']) await child(title).getByText('Idle', { exact: true }).waitFor();
  await log.getByText(/Test writer \(done\): added/).waitFor();
  expect(await p.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);
});

e2e('Stop over v2 ends the turn as Cancelled; the input works again', async ({ page }) => {
  await openPlayground(page, v2());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  await sendPrompt(page, '/slow');
  await log.getByText(/Step 2 of 40\./).waitFor();
  await p.getByRole('button', { name: 'Stop' }).click();
  await log.getByText('Cancelled', { exact: true }).last().waitFor();
  await waitTurnEnd(page);
  expect(await log.textContent()).not.toContain('Step 40 of 40');
  expect(await log.getByText(/The turn failed/).count()).toBe(0);
  await sendPrompt(page, '/plan after stop');
  await waitTurnEnd(page);
  await log.getByText('The plan is complete: all five steps are done.').waitFor();
});

e2e('a connection cut over v2: connected again, the session resumed with everything once', async ({ page }) => {
  await openPlayground(page, v2());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const plans = log.getByRole('article', { name: 'Agent message' }).filter({ hasText: 'The plan is complete: all five steps are done.' });

  await sendPrompt(page, '/plan before the cut');
  await waitTurnEnd(page);
  await waitCount(plans, 1);

  const statuses = await cutAndReconnect(page, async () => expect(await e.agent.dropConnections()).toBe(1));
  expect(statuses.at(-1)).toBe('Connected');
  await p.locator('textarea:not([disabled])').waitFor();

  await sendPrompt(page, '/plan after the cut');
  await waitTurnEnd(page);
  await waitCount(plans, 2);
  expect(await userMessages(page).allTextContents()).toEqual([expect.stringContaining('/plan before the cut'), expect.stringContaining('/plan after the cut')]);
});
