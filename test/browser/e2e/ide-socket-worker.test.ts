/**
 * The socket to the agent in the page's socket worker (`socketWorker`, on by default): the web IDE
 * connects through it, a flood of 3,000 text chunks reaches the thread whole and in order (the
 * worker joined runs of them), and with the protocol inspector open every frame comes as the agent
 * sent it (joining stops while someone watches the traffic).
 */
import { expect } from 'vitest';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 0 });

e2e('a flood arrives whole through the socket worker; with the inspector open every frame comes as sent', async ({ page }) => {
  await openPlayground(page, e.url());
  expect(
    page
      .workers()
      .map((w) => w.url())
      .some((url) => /socket-worker[^/]*\.js$/.test(url)),
  ).toBe(true);
  const log = panel(page).getByRole('log', { name: 'Conversation' });

  await sendPrompt(page, '/stream 3000');
  await waitTurnEnd(page);
  const answer = log.getByRole('article', { name: 'Agent message' }).last();
  await answer.getByText(/w2999/).waitFor();
  const words = (await answer.textContent())!.match(/w\d+/g)!;
  expect(words).toEqual(Array.from({ length: 3000 }, (_, i) => `w${i}`));

  await page.getByRole('button', { name: 'Protocol inspector' }).click();
  const inspector = page.getByRole('complementary', { name: 'Protocol inspector panel' });
  await inspector.getByRole('combobox', { name: 'Update kind' }).selectOption('agent_message_chunk');
  const shown = async () => Number(/^(\d+) of \d+ frames$/.exec((await inspector.getByText(/^\d+ of \d+ frames$/).textContent()) ?? '')?.[1]);
  const before = await shown();
  await sendPrompt(page, '/stream 40');
  await waitTurnEnd(page);
  await log.getByRole('article', { name: 'Agent message' }).last().getByText(/w39/).waitFor();
  // Watched from before the turn: one frame per chunk the agent sent.
  await expect.poll(shown).toBe(before + 40);
});
