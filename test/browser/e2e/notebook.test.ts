/**
 * The notebook page end to end: one agent panel per cell, each with its own provider, connection
 * and session. Two cells streaming at the same time each show only their own turn.
 */
import { expect } from 'vitest';
import { e2e, panel, promptBox, record, recorded, setupE2E, userMessages, waitReady, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('two cells stream at once and each shows only its own content', async ({ page }) => {
  await page.goto(e.url('notebook.html'));
  const cell1 = page.getByRole('region', { name: 'Cell 1' });
  const cell2 = page.getByRole('region', { name: 'Cell 2' });
  const cell3 = page.getByRole('region', { name: 'Cell 3' });
  await Promise.all([waitReady(cell1), waitReady(cell2), waitReady(cell3)]);

  // Which cells are running a turn, sampled on every DOM change.
  await record(page, 'running', () =>
    [...document.querySelectorAll('[data-cell]')].map((c) => c.querySelector('.acp-prompt-input')?.getAttribute('data-state') ?? '?').join(','),
  );

  const input1 = promptBox(cell1);
  const input2 = promptBox(cell2);
  await input1.fill('/explain');
  await input1.press('Escape');
  await input2.fill('/plan');
  await input2.press('Escape');
  await input1.press('Enter');
  await input2.press('Enter');

  await Promise.all([waitTurnEnd(cell1), waitTurnEnd(cell2)]);
  await userMessages(cell1).filter({ hasText: '/explain' }).waitFor();
  await userMessages(cell2).filter({ hasText: '/plan' }).waitFor();
  // Both turns were running at the same moment.
  expect(await recorded<string>(page, 'running')).toContain('running,running,idle');

  const log1 = panel(cell1).getByRole('log', { name: 'Conversation' });
  const log2 = panel(cell2).getByRole('log', { name: 'Conversation' });
  // Cell 1: the explanation with its (highlighted) code block, no plan.
  await log1.getByRole('heading', { name: 'How TaskQueue works', level: 1 }).waitFor();
  await log1.locator('[data-slot="code-block"][data-state="highlighted"]').waitFor();
  expect(await log1.locator('[data-slot="code-block"] pre code').textContent()).toContain('export class TaskQueue');
  expect(await panel(cell1).getByRole('progressbar', { name: 'Plan progress' }).count()).toBe(0);
  expect(await panel(cell1).getByText('The plan is complete').count()).toBe(0);
  // Cell 2: the plan, no code block and nothing of the explanation.
  await log2.getByText('The plan is complete: all five steps are done.').waitFor();
  await panel(cell2)
    .getByRole('button', { name: /^Plan\s*5 of 5 completed/ })
    .waitFor();
  expect(await panel(cell2).locator('[data-slot="code-block"]').count()).toBe(0);
  expect(await panel(cell2).getByText('TaskQueue').count()).toBe(0);
  // Each cell has exactly its own prompt; cell 3 has nothing.
  expect(await userMessages(cell1).allTextContents()).toEqual([expect.stringContaining('/explain')]);
  expect(await userMessages(cell2).allTextContents()).toEqual([expect.stringContaining('/plan')]);
  await panel(cell3).getByText('Send a message to start').waitFor();
  expect(await userMessages(cell3).count()).toBe(0);
});
