/**
 * The change review end to end in the web IDE: the agent edits several files in one turn (one
 * permission, then fs/write_text_file for each), the turn ends with its summary in the thread, the
 * user opens that turn's review, rejects one hunk and accepts the rest, and the editor shows exactly the accepted
 * content; restoring the checkpoint puts every file back.
 */
import { expect } from 'vitest';
import { e2e, openPlayground, panel, sendPrompt, setupE2E, toolCall, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

const GREETING =
  "export function greet(name: string): string {\n  return 'Hello, ' + name + '!';\n}\n\nexport function greetAll(names: string[]): string[] {\n  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;\n}\n";
const lines = (text: string) => text.replace(/\n$/, '').split('\n');

e2e(
  'edit across files, review: reject one hunk, accept the rest; the editor shows the accepted content; restore puts the files back',
  async ({ page }) => {
    await openPlayground(page, e.url());
    const p = panel(page);
    await sendPrompt(page, '/refactor');

    // What is approved is shown before the user decides: every file's diff in the card that asks.
    const edit = toolCall(page, /Edit 3 files/);
    const permission = edit.getByRole('group', { name: 'Permission needed: Edit 3 files' });
    await permission.waitFor();
    expect(await edit.locator('[data-slot="diff"]').count()).toBe(3);
    await permission.getByRole('button', { name: 'Allow', exact: true }).click();
    await waitTurnEnd(page);

    // The turn's summary, at the end of that turn in the thread.
    const summary = p.locator('[data-slot="thread-turn"] [data-slot="change-summary"]');
    await summary.getByText('3 files changed').waitFor();
    expect(await summary.getByRole('img').getAttribute('aria-label')).toBe('5 lines added, 5 lines removed');
    await summary.getByRole('button', { name: 'Review changes' }).click();

    const review = p.getByRole('region', { name: 'Review changes' });
    const files = review.getByRole('navigation', { name: 'Changed files' });
    await files.getByRole('button', { name: /greeting\.ts/ }).click();
    const hunks = review.getByRole('group', { name: /^Change \d of 2/ });
    await hunks.nth(1).waitFor();
    // Reject the first hunk of greeting.ts (the template literal), from the keyboard: focus it, R.
    await hunks.nth(0).focus();
    await page.keyboard.press('r');
    await hunks.nth(0).getByText('Rejected').waitFor();
    // The next prompt will tell the agent, in a note shown above the input first.
    await p
      .locator('[data-slot="agent-panel-rejection-note"]')
      .getByText(/src\/greeting\.ts \(lines 2-2\)/)
      .waitFor();
    // Accept everything else that is still undecided.
    await review.getByRole('button', { name: 'Accept all' }).click();
    await review.getByRole('button', { name: 'Accept all' }).and(page.locator(':disabled')).waitFor();

    const expected = GREETING.replace(
      '  const out: string[] = [];\n  for (const name of names) out.push(greet(name));\n  return out;',
      '  return names.map((name) => greet(name));',
    );
    await page
      .getByRole('navigation', { name: 'Workspace files' })
      .getByRole('button', { name: /^greeting\.ts/ })
      .click();
    const editor = page.getByRole('region', { name: 'Editor: /workspace/src/greeting.ts' });
    await expect.poll(async () => (await editor.locator('.pg-editor__text').allTextContents()).map((t) => (t === ' ' ? '' : t))).toEqual(lines(expected));

    // Restore to before the turn: a confirmation lists the files; then all are back, the new one gone.
    await review.getByRole('button', { name: 'Restore to before this turn' }).click();
    const dialog = review.getByRole('alertdialog', { name: 'Restore files to before this turn?' });
    await dialog.getByText('/workspace/src/index.ts').waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(3);
    await dialog.getByRole('button', { name: 'Restore files' }).click();
    await summary.getByText('Restored to before this turn').waitFor();
    await page
      .getByRole('navigation', { name: 'Workspace files' })
      .getByRole('button', { name: /^greeting\.ts/ })
      .click();
    await expect.poll(async () => (await editor.locator('.pg-editor__text').allTextContents()).map((t) => (t === ' ' ? '' : t))).toEqual(lines(GREETING));
    expect(
      await page
        .getByRole('navigation', { name: 'Workspace files' })
        .getByRole('button', { name: /^index\.ts/ })
        .count(),
    ).toBe(0);
  },
  90_000,
);
