/**
 * The notebook page end to end. The notebook view: cells of one `.ipynb` file in the in-browser
 * workspace beside one agent panel; a cell mentioned with `@` (from the keyboard) is sent to the
 * agent, which reads the file, asks to write it, and the approved write shows in the cell, marked;
 * "Ask the agent" on a cell starts a prompt with its chip; a write that is not a notebook is
 * reported and the cells stay. The panels view: two independent panels stream at once and each
 * shows only its own turn.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { runAxe } from '../helpers/axe.js';
import { e2e, panel, promptBox, record, recorded, setupE2E, toolCall, userMessages, waitReady, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

const cell = (page: Page, id: string) => page.getByRole('region', { name: `Cell ${id}` });
const source = (scope: Locator, id: string) => scope.getByRole('textbox', { name: `Source of cell ${id}` });

/** Types `@query`, waits for `option` in the menu and picks it with Enter; then types `request`. */
async function mentionFromKeyboard(page: Page, query: string, option: string, request: string): Promise<void> {
  const input = promptBox(page);
  await input.focus();
  await page.keyboard.type(`@${query}`);
  const menu = panel(page).getByRole('listbox', { name: 'Mentions' });
  // The best match is active as the results arrive: it is the one Enter mentions.
  await menu.getByRole('option', { selected: true, name: new RegExp(`^${option}\\b`) }).waitFor();
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
  expect(await input.inputValue()).toBe(`@${option} `);
  await page.keyboard.type(request);
}

/** Approves the agent's edit of the notebook in the permission prompt, then waits for the turn to end. */
async function approveEdit(page: Page, id: string): Promise<void> {
  const edit = toolCall(page, new RegExp(`Edit cell ${id} of analysis\\.ipynb`));
  const permission = edit.getByRole('group', { name: `Permission needed: Edit cell ${id} of analysis.ipynb` });
  await permission.waitFor();
  // What is approved is the file's diff.
  await edit.locator('[data-slot="diff"]').first().waitFor();
  await permission.getByRole('button', { name: 'Allow', exact: true }).click();
  await waitTurnEnd(page);
}

e2e('a cell mentioned with @ is changed by the agent after approval, and shows marked; a broken write keeps the cells', async ({ page }) => {
  await page.goto(e.url('notebook.html'));
  await waitReady(page);
  const totals = cell(page, 'totals');
  await source(totals, 'totals').waitFor();
  expect(await totals.getAttribute('data-changed')).toBeNull();

  await mentionFromKeyboard(page, 'tot', 'totals', 'use a defaultdict');
  await page.keyboard.press('Enter');
  // The user message shows the mention as a chip.
  await userMessages(page).getByRole('button', { name: 'Open totals' }).waitFor();
  await approveEdit(page, 'totals');

  // The write landed in the cell, which is marked (in words too) and announced; the others are not.
  await expect
    .poll(() => source(totals, 'totals').inputValue())
    .toBe('from collections import defaultdict\n\ntotals = defaultdict(float)\nfor item in expenses:\n    totals[item["category"]] += item["amount"]');
  expect(await totals.getAttribute('data-changed')).toBe('true');
  await totals.getByText('Changed by the agent').waitFor();
  await page.getByRole('status').filter({ hasText: 'The agent changed cell totals.' }).waitFor();
  expect(await cell(page, 'report').getAttribute('data-changed')).toBeNull();
  expect(await page.locator('[data-changed]').count()).toBe(1);
  // The notebook, with a marked cell, is axe-clean.
  expect(await runAxe(page, '.pg-nb__cells')).toEqual([]);

  // The chip in the thread opens its cell: its editor takes focus.
  await userMessages(page).getByRole('button', { name: 'Open totals' }).click();
  await expect.poll(() => source(totals, 'totals').evaluate((el) => el === document.activeElement)).toBe(true);
  // Editing the cell clears its mark.
  await page.keyboard.press('End');
  await page.keyboard.type('  # per category');
  await expect.poll(() => totals.getAttribute('data-changed')).toBeNull();

  // Bad input: the agent writes a notebook cut off halfway. The page says so and keeps the cells.
  const expenses = cell(page, 'expenses');
  const before = await source(expenses, 'expenses').inputValue();
  await mentionFromKeyboard(page, 'exp', 'expenses', 'write invalid JSON');
  await page.keyboard.press('Enter');
  await approveEdit(page, 'expenses');
  const alert = page.getByRole('alert').filter({ hasText: 'analysis.ipynb was changed, but it is not a notebook any more.' });
  await alert.waitFor();
  expect(await alert.textContent()).toContain('It is not valid JSON');
  expect(await source(expenses, 'expenses').inputValue()).toBe(before);
  expect(await source(totals, 'totals').inputValue()).toContain('# per category');
  expect(await page.locator('[data-cell-id]').count()).toBe(4);
  expect(await runAxe(page, '.pg-nb__cells')).toEqual([]);
  // Writing the cells back clears the error; the agent then reads a valid notebook again.
  await alert.getByRole('button', { name: 'Write these cells back' }).click();
  await alert.waitFor({ state: 'detached' });
  await mentionFromKeyboard(page, 'rep', 'report', 'tidy the output');
  await page.keyboard.press('Enter');
  await approveEdit(page, 'report');
  await expect.poll(() => source(cell(page, 'report'), 'report').inputValue()).toContain('sorted(totals.items())');
  expect(await page.locator('[data-changed]').count()).toBe(1);
});

e2e('"Ask the agent" on a cell starts a prompt with its chip, focused', async ({ page }) => {
  await page.goto(e.url('notebook.html'));
  await waitReady(page);
  await cell(page, 'report').getByRole('button', { name: 'Ask the agent about cell report' }).click();
  const input = promptBox(page);
  await expect.poll(() => input.inputValue()).toBe('@report ');
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  // Drawn as a chip over the field.
  await panel(page).locator('[data-slot="mention-overlay"] .acp-prompt-input__mention').filter({ hasText: '@report' }).waitFor();
  // The caret is after the chip: the question goes on from there.
  await page.keyboard.type('what does this print?');
  expect(await input.inputValue()).toBe('@report what does this print?');
});

e2e('two independent panels stream at once and each shows only its own content', async ({ page }) => {
  await page.goto(e.url('notebook.html', { view: 'panels' }));
  const panel1 = page.getByRole('region', { name: 'Panel 1' });
  const panel2 = page.getByRole('region', { name: 'Panel 2' });
  await Promise.all([waitReady(panel1), waitReady(panel2)]);

  // Which panels are running a turn, sampled on every DOM change.
  await record(page, 'running', () =>
    [...document.querySelectorAll('[data-panel]')].map((c) => c.querySelector('.acp-prompt-input')?.getAttribute('data-state') ?? '?').join(','),
  );

  const input1 = promptBox(panel1);
  const input2 = promptBox(panel2);
  await input1.fill('/explain');
  await input1.press('Escape');
  await input2.fill('/plan');
  await input2.press('Escape');
  await input1.press('Enter');
  await input2.press('Enter');

  await Promise.all([waitTurnEnd(panel1), waitTurnEnd(panel2)]);
  await userMessages(panel1).filter({ hasText: '/explain' }).waitFor();
  await userMessages(panel2).filter({ hasText: '/plan' }).waitFor();
  // Both turns were running at the same moment.
  expect(await recorded<string>(page, 'running')).toContain('running,running');

  const log1 = panel(panel1).getByRole('log', { name: 'Conversation' });
  const log2 = panel(panel2).getByRole('log', { name: 'Conversation' });
  // Panel 1: the explanation with its (highlighted) code block, no plan.
  await log1.getByRole('heading', { name: 'How TaskQueue works', level: 1 }).waitFor();
  await log1.locator('[data-slot="code-block"][data-state="highlighted"]').waitFor();
  expect(await log1.locator('[data-slot="code-block"] pre code').textContent()).toContain('export class TaskQueue');
  expect(await panel(panel1).getByRole('progressbar', { name: 'Plan progress' }).count()).toBe(0);
  expect(await panel(panel1).getByText('The plan is complete').count()).toBe(0);
  // Panel 2: the plan, no code block and nothing of the explanation.
  await log2.getByText('The plan is complete: all five steps are done.').waitFor();
  await panel(panel2)
    .getByRole('button', { name: /^Plan\s*5 of 5 completed/ })
    .waitFor();
  expect(await panel(panel2).locator('[data-slot="code-block"]').count()).toBe(0);
  expect(await panel(panel2).getByText('TaskQueue').count()).toBe(0);
  // Each panel has exactly its own prompt.
  expect(await userMessages(panel1).allTextContents()).toEqual([expect.stringContaining('/explain')]);
  expect(await userMessages(panel2).allTextContents()).toEqual([expect.stringContaining('/plan')]);
});
