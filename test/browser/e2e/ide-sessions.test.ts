/**
 * The web IDE page end to end: the session list (switching to an older session, loading one into
 * a fresh page) and the draft, which survives session switches and a reconnect.
 */
import { expect } from 'vitest';
import {
  cutAndReconnect,
  e2e,
  openPlayground,
  panel,
  promptBox,
  sendPrompt,
  setupE2E,
  userMessages,
  waitCount,
  waitReady,
  waitTurnEnd,
} from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('Sessions lists every session; picking an older one shows its history, also after a reload', async ({ page }) => {
  // A working directory of its own, so other tests' sessions are not listed.
  await openPlayground(page, e.url('', { cwd: '/e2e-sessions' }));
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });

  await sendPrompt(page, '/plan first session');
  await waitTurnEnd(page);
  await p.getByRole('button', { name: 'New session' }).click();
  await log.getByText('Send a message to start').waitFor();
  await sendPrompt(page, '/plan second session');
  await waitTurnEnd(page);

  await p.getByRole('button', { name: 'Sessions' }).click();
  const list = p.getByRole('list', { name: 'Sessions' });
  const first = list.getByRole('button', { name: /^\/plan first session/ });
  const second = list.getByRole('button', { name: /^\/plan second session/ });
  // Both, newest first, the current one marked.
  await first.waitFor();
  await second.waitFor();
  expect(await list.getByRole('listitem').count()).toBe(2);
  expect(await list.getByRole('listitem').first().textContent()).toContain('/plan second session');
  expect(await second.getAttribute('aria-current')).toBe('true');

  await first.click();
  await userMessages(page).filter({ hasText: '/plan first session' }).waitFor();
  expect(await userMessages(page).filter({ hasText: '/plan second session' }).count()).toBe(0);

  // A fresh page knows nothing: the older session is loaded from the agent, history replayed.
  await page.reload();
  await waitReady(page);
  await p.getByRole('button', { name: 'Sessions' }).click();
  await first.waitFor();
  await second.waitFor();
  await first.click();
  await list.waitFor({ state: 'detached' });
  await waitCount(userMessages(page), 1);
  expect(await userMessages(page).first().textContent()).toContain('/plan first session');
  await waitCount(log.getByText('The plan is complete: all five steps are done.'), 1);
  await p.getByRole('button', { name: /^Plan\s*5 of 5 completed/ }).waitFor();

  // The loaded session takes prompts.
  await sendPrompt(page, '/plan third prompt');
  await waitTurnEnd(page);
  await waitCount(log.getByText('The plan is complete: all five steps are done.'), 2);
});

e2e('a draft survives switching sessions and a reconnect', async ({ page }) => {
  await openPlayground(page, e.url('', { cwd: '/e2e-drafts' }));
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const input = promptBox(page);

  await sendPrompt(page, '/plan draft session');
  await waitTurnEnd(page);
  await input.click();
  await page.keyboard.type('/plan keep this draft');
  await p.getByRole('listbox', { name: 'Commands' }).waitFor({ state: 'detached' });

  // Another session has its own (empty) draft.
  await p.getByRole('button', { name: 'New session' }).click();
  await log.getByText('Send a message to start').waitFor();
  expect(await input.inputValue()).toBe('');

  // Back: the draft is there.
  await p.getByRole('button', { name: 'Sessions' }).click();
  await p
    .getByRole('list', { name: 'Sessions' })
    .getByRole('button', { name: /^\/plan draft session/ })
    .click();
  await userMessages(page).filter({ hasText: '/plan draft session' }).waitFor();
  expect(await input.inputValue()).toBe('/plan keep this draft');

  // The connection drops and comes back: still there, and it can be sent.
  await cutAndReconnect(page, async () => expect(await e.agent.dropConnections()).toBe(1));
  await waitReady(page);
  expect(await input.inputValue()).toBe('/plan keep this draft');
  await input.press('Enter');
  await userMessages(page).filter({ hasText: '/plan keep this draft' }).waitFor();
  await waitTurnEnd(page);
  expect(await input.inputValue()).toBe('');
});

e2e('several sessions at once: tabs, a badge on a background session waiting for an answer, its finished turn announced', async ({ page }) => {
  await openPlayground(page, e.url('', { cwd: '/e2e-tabs' }));
  const p = panel(page);
  const tabs = p.getByRole('tablist', { name: 'Open sessions' }).getByRole('tab');
  const announcer = p.locator('[data-slot="agent-panel-announcer"]');

  // The first session asks for permission, and the user starts another meanwhile.
  await sendPrompt(page, '/edit');
  await p.getByRole('group', { name: 'Permission needed: Edit src/greeting.ts' }).waitFor();
  await p.getByRole('button', { name: 'New session' }).click();
  await waitCount(tabs, 2);
  await p.getByRole('log', { name: 'Conversation' }).getByText('Send a message to start').waitFor();
  await p.getByRole('tab', { name: /waiting for your answer/ }).waitFor();
  expect(await tabs.nth(0).getAttribute('data-status')).toBe('waiting');
  expect(await tabs.nth(0).locator('[data-slot="session-tab-badge"]').textContent()).toBe('1');

  // The second runs a slow turn; the user goes back to the first and answers there.
  await sendPrompt(page, '/slow 2');
  await tabs.nth(0).click();
  await p.getByRole('group', { name: 'Permission needed: Edit src/greeting.ts' }).getByRole('button', { name: 'Allow', exact: true }).click();
  await waitTurnEnd(page);
  expect(await tabs.nth(0).getAttribute('data-status')).toBe('idle');

  // The second finishes in the background: said politely, marked until seen.
  await announcer.filter({ hasText: /finished its turn\.$/ }).waitFor({ state: 'attached', timeout: 30_000 });
  expect(await announcer.getAttribute('aria-live')).toBe('polite');
  expect(await tabs.nth(1).getAttribute('data-status')).toBe('finished');

  // Keyboard: the arrow key switches to it, its thread shows at once.
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await p.getByText('Done, slowly.').waitFor();
  expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
  expect(await tabs.nth(1).getAttribute('data-status')).toBe('idle');

  // Delete closes it (session/close): one session left, no tabs.
  const before = e.agent.connections;
  await page.keyboard.press('Delete');
  await p.getByRole('tablist').waitFor({ state: 'detached' });
  await userMessages(page).filter({ hasText: '/edit' }).waitFor();
  expect(e.agent.connections).toBe(before);
});
