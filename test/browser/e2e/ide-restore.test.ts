/**
 * "Restore to before this turn" on a later turn, end to end in the web IDE: turn 1 edits three
 * files and the user keeps part of it (one hunk rejected, the rest accepted); turn 2 edits one of
 * those files again. Restoring turn 2 puts back what the file held after turn 1's review, and
 * leaves turn 1 and its decisions alone, in the files, in its review and in what the agent is told.
 * The demo agent runs as an agent that sends no message ids, as many v1 agents do.
 */
import { expect } from 'vitest';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, toolCall, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

const GREETING =
  "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n\nexport function greetAll(names: string[]): string[] {\n  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;\n}\n";
/** greeting.ts after turn 1's review: the template literal rejected, the `map` accepted. */
const AFTER_REVIEW = GREETING.replace(
  '  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;',
  '  return names.map((name) => greet(name));',
);
const lines = (text: string) => text.replace(/\n$/, '').split('\n');

for (const messageIds of ['on', 'off']) {
  e2e(
    `restoring a later turn puts back the content after the earlier turn’s review and leaves that turn’s decisions alone (agent message ids ${messageIds})`,
    async ({ page }) => {
      await openPlayground(page, e.url('', { agent: `${e.agent.url}?messageIds=${messageIds}` }));
      const p = panel(page);
      const editorLines = async () =>
        (await page.getByRole('region', { name: 'Editor: /workspace/src/greeting.ts' }).locator('.pg-editor__text').allTextContents()).map((t) =>
          t === ' ' ? '' : t,
        );
      const openGreeting = () =>
        page
          .getByRole('navigation', { name: 'Workspace files' })
          .getByRole('button', { name: /^greeting\.ts/ })
          .click();

      // Turn 1: three files, greeting.ts with two hunks; reject the first, accept the rest.
      await sendPrompt(page, '/refactor');
      await toolCall(page, /Edit 3 files/)
        .getByRole('button', { name: 'Allow', exact: true })
        .click();
      await waitTurnEnd(page);
      const summaries = p.locator('[data-slot="thread-turn"] [data-slot="change-summary"]');
      await summaries.nth(0).getByRole('button', { name: 'Review changes' }).click();
      const review = p.getByRole('region', { name: 'Review changes' });
      await review
        .getByRole('navigation', { name: 'Changed files' })
        .getByRole('button', { name: /greeting\.ts/ })
        .click();
      const hunks = review.getByRole('group', { name: /^Change \d of 2/ });
      await hunks.nth(1).waitFor();
      await hunks
        .nth(0)
        .getByRole('button', { name: /^Reject/ })
        .click();
      await hunks.nth(0).getByText('Rejected').waitFor();
      await review.getByRole('button', { name: 'Accept all' }).click();
      await review.getByRole('button', { name: 'Accept all' }).and(page.locator(':disabled')).waitFor();
      await openGreeting();
      await expect.poll(editorLines).toEqual(lines(AFTER_REVIEW));
      await summaries.nth(0).getByRole('button', { name: 'Review changes' }).click();
      await review.waitFor({ state: 'detached' });

      // Turn 2 (it carries the note about turn 1's rejected hunk): greeting.ts again.
      await sendPrompt(page, '/edit');
      await toolCall(page, /Edit src\/greeting\.ts/)
        .getByRole('button', { name: 'Allow', exact: true })
        .click();
      await waitTurnEnd(page);
      await expect.poll(editorLines).not.toEqual(lines(AFTER_REVIEW));

      // Restore turn 2: the dialog lists greeting.ts only; afterwards it holds turn 1's reviewed content.
      await summaries.nth(1).getByRole('button', { name: 'Review changes' }).click();
      await review.getByRole('button', { name: 'Restore to before this turn' }).click();
      const dialog = review.getByRole('alertdialog', { name: 'Restore files to before this turn?' });
      await dialog.getByText('/workspace/src/greeting.ts').waitFor();
      expect(await dialog.getByRole('listitem').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Restore files' }).click();
      await summaries.nth(1).getByText('Restored to before this turn').waitFor();
      await expect.poll(editorLines).toEqual(lines(AFTER_REVIEW));

      // Turn 1 is as the user left it: not restored, its hunks decided as they were.
      expect(await summaries.nth(0).getByText('Restored to before this turn').count()).toBe(0);
      await summaries.nth(0).getByRole('button', { name: 'Review changes' }).click();
      await review
        .getByRole('navigation', { name: 'Changed files' })
        .getByRole('button', { name: /greeting\.ts/ })
        .click();
      await hunks.nth(1).waitFor();
      expect(await hunks.nth(0).getByText('Rejected').count()).toBe(1);
      expect(await hunks.nth(1).getByText('Accepted').count()).toBe(1);

      // The note for the next prompt names turn 2's reverted change only (turn 1's was told already).
      const note = p.locator('[data-slot="agent-panel-rejection-note"]');
      await note.waitFor();
      expect(await note.textContent()).not.toMatch(/lines 2-2\)/);
    },
    120_000,
  );
}
