/**
 * Child sessions (UNSTABLE ACP RFD "subagents") in the web IDE, which advertises the capability,
 * with the demo agent's `/subagents`, all from the keyboard: both children listed under the thread
 * ("Sub-agents") with their progress, the test writer's own permission prompt answered (its file
 * lands in the workspace), then, in a second run, Stop on the test writer while it waits: only that
 * child stops, the turn goes on and ends normally. The panel stays axe-clean.
 */
import { expect } from 'vitest';
import { runAxe } from '../helpers/axe.js';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('/subagents: children listed with their progress, the child’s permission answered, Stop cancels one child', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const list = p.getByRole('list', { name: 'Sub-agents' });
  const child = (title: string) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Think: ${title}`) }) });
  // The prompt says which sub-agent asked, in its accessible name too.
  const permissions = p.getByRole('group', { name: 'Permission needed: Write test/greeting.test.ts Asked by the sub-agent “Test writer”' });
  const permission = permissions.and(page.locator('[data-status="pending"]'));

  await sendPrompt(page, '/subagents');
  // Both children show up, running, each with its own Stop button; the test writer asks.
  await child('Explorer').first().waitFor();
  await child('Test writer').first().getByText('Running', { exact: true }).waitFor();
  await permission.waitFor();
  expect(await child('Test writer').first().getByRole('button', { name: 'Stop Test writer' }).count()).toBe(1);
  expect(await permission.textContent()).toContain("expect(greet('')).toBe('Hello, !');");
  expect(await runAxe(page, '[data-slot="agent-panel"]')).toEqual([]);

  // Allowed from the keyboard: the child writes its file into the workspace.
  await permission.getByRole('button', { name: 'Allow', exact: true }).focus();
  await page.keyboard.press('Enter');
  // The editor follows the agent's write: the new file, as the child wrote it.
  await page.getByRole('region', { name: 'Editor: /workspace/test/greeting.test.ts' }).getByText('keeps what an empty name gives today').waitFor();
  await waitTurnEnd(page);
  for (const title of ['Explorer', 'Test writer']) {
    const entry = child(title).first();
    await entry.getByText('Idle', { exact: true }).waitFor();
    // Its progress, folded: the steps it took; no Stop once it is idle.
    await entry.getByText(/\d+ steps?/).waitFor();
    expect(await entry.getByRole('button', { name: `Stop ${title}` }).count()).toBe(0);
  }
  await log.getByText(/Test writer \(done\): added/).waitFor();
  // The parent's briefs, in its own transcript: a message card to each child, named by its title.
  const briefs = ['Explorer', 'Test writer'].map((title) => log.getByRole('article', { name: `To ${title}` }).first());
  for (const brief of briefs) await brief.waitFor();
  expect(await runAxe(page, '[data-slot="agent-panel"]')).toEqual([]);

  // Again, and this time the test writer is stopped while it waits for the answer.
  await sendPrompt(page, '/subagents');
  await permission.waitFor();
  const writer = child('Test writer').last();
  await writer.getByRole('button', { name: 'Stop Test writer' }).focus();
  await page.keyboard.press('Enter');
  // Only that child stops: its request is withdrawn, its card says Cancelled, the turn goes on.
  await permissions.last().and(page.locator('[data-status="cancelled"]')).waitFor();
  expect(await permission.count()).toBe(0);
  await writer.getByText('Cancelled').first().waitFor();
  await waitTurnEnd(page);
  await log.getByText(/Test writer \(stopped\)/).waitFor();
  await child('Explorer').last().getByText('Idle', { exact: true }).waitFor();
  expect(await log.getByText(/Explorer \(done\)/).count()).toBe(2);
  expect(await p.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);
  expect(await runAxe(page, '[data-slot="agent-panel"]')).toEqual([]);
});
