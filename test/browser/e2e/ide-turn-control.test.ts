/**
 * The web IDE page end to end: stopping a turn, the connection cut in the middle of a turn (the
 * demo server drops every socket), and messages queued while a turn runs.
 */
import { expect } from 'vitest';
import { cutAndReconnect, e2e, openPlayground, panel, promptBox, sendPrompt, setupE2E, userMessages, waitCount, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('Stop during /slow ends the turn as Cancelled, not as an error; the input works again', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });

  await sendPrompt(page, '/slow');
  await log.getByText(/Step 2 of 40\./).waitFor();
  await p.getByRole('button', { name: 'Stop' }).click();

  // The turn's own status line says Cancelled (the stopped tool card does too).
  await log.getByText('Cancelled', { exact: true }).last().waitFor();
  await waitTurnEnd(page);
  // It stopped early, and nothing says it failed.
  expect(await log.textContent()).not.toContain('Step 40 of 40');
  expect(await log.getByText(/The turn failed/).count()).toBe(0);
  expect(await log.getByRole('alert').count()).toBe(0);
  expect(await p.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);

  // The input takes the next message.
  const input = promptBox(page);
  expect(await input.isEditable()).toBe(true);
  await sendPrompt(page, '/plan after stop');
  await waitTurnEnd(page);
  await log.getByText('The plan is complete: all five steps are done.').waitFor();
});

e2e('a connection cut mid-turn: reconnecting, connected again, the turn interrupted, the session restored', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const plans = log.getByRole('article', { name: 'Agent message' }).filter({ hasText: 'The plan is complete: all five steps are done.' });

  await sendPrompt(page, '/plan before the cut');
  await waitTurnEnd(page);
  await waitCount(plans, 1);

  await sendPrompt(page, '/slow 30');
  await log.getByText(/Step 2 of 40\./).waitFor();
  // "Reconnecting" (however briefly), then "Connected" again.
  const statuses = await cutAndReconnect(page, async () => expect(await e.agent.dropConnections()).toBe(1));
  expect(statuses[0]).toBe('Connected');
  expect(statuses.at(-1)).toBe('Connected');

  // The cut turn says so; the session takes prompts again.
  await log.getByText('Interrupted: the connection dropped').waitFor();
  await waitTurnEnd(page);
  await p.locator('textarea:not([disabled])').waitFor();
  // The message was sent, so the panel does not claim otherwise.
  expect(await p.getByRole('alert').filter({ hasText: 'not sent' }).count()).toBe(0);
  expect(await promptBox(page).inputValue()).toBe('');

  // Everything from before the cut is there exactly once.
  await waitCount(userMessages(page).filter({ hasText: '/plan before the cut' }), 1);
  await waitCount(userMessages(page).filter({ hasText: '/slow 30' }), 1);
  await waitCount(plans, 1);
  await waitCount(log.getByText(/Step 1 of 40\./), 1);

  // A new prompt goes to the restored session.
  await sendPrompt(page, '/plan after the cut');
  await waitTurnEnd(page);
  await waitCount(plans, 2);
  expect(await userMessages(page).allTextContents()).toEqual([
    expect.stringContaining('/plan before the cut'),
    expect.stringContaining('/slow 30'),
    expect.stringContaining('/plan after the cut'),
  ]);
  await waitCount(log.getByText('Interrupted: the connection dropped'), 1);
});

e2e('a message sent while a turn runs is shown queued and goes out when the turn ends', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const input = promptBox(page);

  await sendPrompt(page, '/slow 3');
  await log.getByText(/Step 1 of 40\./).waitFor();
  await input.fill('/plan queued while busy');
  await input.press('Escape');
  // While running, the button says Queue and Enter queues.
  await p.getByRole('button', { name: 'Queue' }).waitFor();
  await input.press('Enter');

  const queue = p.getByRole('region', { name: 'Queued (1)' });
  await queue.waitFor();
  await queue.getByText('/plan queued while busy').waitFor();
  expect(await input.inputValue()).toBe('');
  // Not sent yet.
  expect(await userMessages(page).filter({ hasText: '/plan queued while busy' }).count()).toBe(0);

  // The /slow turn ends by itself; the queued message is sent next.
  await log.getByText(/Step 40 of 40\./).waitFor({ timeout: 30_000 });
  await userMessages(page).filter({ hasText: '/plan queued while busy' }).waitFor();
  await queue.waitFor({ state: 'detached' });
  await waitTurnEnd(page);
  await log.getByText('The plan is complete: all five steps are done.').waitFor();
  await waitCount(userMessages(page), 2);
});
