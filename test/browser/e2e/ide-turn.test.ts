/**
 * The web IDE page end to end: connecting to the demo agent, and one full default turn as a user
 * sees it (streamed markdown, highlighted code, thought, plan, tool calls, the permission prompt
 * inside the edit card, the written file in the editor, the terminal, the usage meter).
 */
import { expect } from 'vitest';
import { e2e, openPlayground, panel, record, recorded, sendPrompt, setupE2E, toolCall, waitReady, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('connects: the status says Connected and names the Demo Agent', async ({ page }) => {
  await page.goto(e.url());
  const p = panel(page);
  await p
    .getByRole('status')
    .filter({ hasText: /^Connected$/ })
    .waitFor();
  await p.getByText(/^Demo Agent\b/).waitFor();
  await waitReady(page);
  expect(await p.getByRole('log', { name: 'Conversation' }).textContent()).toContain('Send a message to start');
  // The library's stylesheet is applied (tokens and component rules), not just the page's own.
  const styles = await p.evaluate((el) => ({
    bg: getComputedStyle(document.documentElement).getPropertyValue('--acp-bg').trim(),
    display: getComputedStyle(el).display,
    sendBackground: getComputedStyle(el.querySelector('.acp-prompt-input__send')!).backgroundColor,
  }));
  expect(styles.bg).not.toBe('');
  expect(styles.display).toBe('flex');
  expect(styles.sendBackground).not.toBe('rgba(0, 0, 0, 0)');
  // The in-browser workspace is offered to the agent (`&workspace=browser`).
  await page.getByRole('navigation', { name: 'Workspace files' }).getByRole('button', { name: 'greeting.ts' }).waitFor();
});

e2e('a prompt streams the whole turn; Allow in the edit card writes the file the editor shows', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const log = p.getByRole('log', { name: 'Conversation' });
  const editor = page.getByRole('region', { name: 'Editor: /workspace/src/greeting.ts' });
  expect(await editor.textContent()).not.toContain('punctuation');

  const meter = p.locator('[role="meter"][aria-label="Context window"]');
  const usedBefore = Number(await meter.getAttribute('aria-valuenow'));
  expect(usedBefore).toBeGreaterThan(0);

  // Short-lived states, sampled on every DOM change.
  await record(page, 'thought', () => {
    const t = document.querySelector('[data-slot="thought"]');
    return t ? `${t.querySelector('[data-slot="thought-label"]')?.textContent} ${t.querySelector('button')?.getAttribute('aria-expanded')}` : null;
  });
  await record(page, 'code', () => {
    const code = document.querySelector('[data-slot="code-block"] pre code');
    if (!code || !code.textContent?.trim()) return null;
    return code.querySelector('span[style*="color"]') ? 'colored' : 'plain';
  });
  await record(page, 'plan', () => document.querySelector('[role="progressbar"][aria-label="Plan progress"]')?.getAttribute('aria-valuetext') ?? null);

  await page.getByRole('textbox', { name: 'Message to the agent' }).click();
  await page.keyboard.type('Please improve the greeting');
  await page.keyboard.press('Enter');
  await log.getByRole('article', { name: 'Your message' }).filter({ hasText: 'Please improve the greeting' }).waitFor();

  // Streamed markdown: a heading and a list.
  const answer = log.getByRole('article', { name: 'Agent message' }).filter({ has: page.getByRole('heading', { name: 'Plan for src/greeting.ts', level: 2 }) });
  await answer.waitFor();
  await answer.getByRole('listitem').filter({ hasText: 'hard-codes the exclamation mark' }).waitFor();
  expect(await answer.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);

  // The code block: plain text first, then shiki's colored token spans.
  const code = answer.locator('[data-slot="code-block"]');
  await code.and(page.locator('[data-state="highlighted"]')).waitFor();
  const tokens = code.locator('pre code span[style*="color"]');
  expect(await tokens.count()).toBeGreaterThan(10);
  const keyword = tokens.filter({ hasText: /^export$/ }).first();
  const plainText = code.locator('pre code .acp-code-block__line').first();
  expect(await keyword.evaluate((el) => getComputedStyle(el).color)).not.toBe(await plainText.evaluate((el) => getComputedStyle(el).color));
  const codeStates = (await recorded<string | null>(page, 'code')).filter((s) => s !== null);
  expect(codeStates[0]).toBe('plain');
  expect(codeStates.at(-1)).toBe('colored');

  // The tool calls: read (completed), then edit with a diff and the permission prompt inside it.
  const read = toolCall(page, 'Read:');
  await read.getByRole('button', { name: /Completed/ }).waitFor();
  const edit = toolCall(page, 'Edit:');
  await edit.waitFor();
  await edit.getByText('14 lines added, 6 lines removed').waitFor();
  expect(await edit.getByRole('insertion').count()).toBeGreaterThan(0);
  expect(await edit.getByRole('deletion').count()).toBeGreaterThan(0);
  await edit.getByRole('deletion').filter({ hasText: "return 'Hello, ' + name + '!';" }).waitFor();
  await edit.getByRole('insertion').filter({ hasText: "const punctuation = options.punctuation ?? '!';" }).waitFor();
  const permission = edit.getByRole('group', { name: 'Permission needed: Edit src/greeting.ts' });
  await permission.waitFor();

  // Nothing is written before the user answers.
  expect(await editor.textContent()).not.toContain('punctuation');
  await permission.getByRole('button', { name: 'Allow', exact: true }).click();
  await permission.getByText('You chose: Allow').waitFor();

  // The agent wrote the file: the editor follows it and the tree marks it.
  await editor.getByText('const punctuation = options.punctuation').waitFor();
  await page.getByRole('button', { name: 'greeting.ts (modified by the agent)' }).waitFor();
  await edit.getByRole('button', { name: /Completed/ }).waitFor();

  // npm test in the execute card.
  const run = toolCall(page, 'Run:');
  await run
    .getByRole('log', { name: 'Output of npm test' })
    .getByText(/Tests\s+11 passed/)
    .waitFor();
  await run.getByText('Exit code 0').waitFor();

  await waitTurnEnd(page);
  await log.getByRole('heading', { name: 'Summary' }).waitFor();

  // The thought was open while it streamed and collapsed to "Thought for …" when it ended.
  const thought = log.getByRole('button', { name: /^Thought for/ });
  expect(await thought.getAttribute('aria-expanded')).toBe('false');
  const thoughtStates = await recorded<string | null>(page, 'thought');
  expect(thoughtStates).toContain('Thinking… true');
  expect(thoughtStates.at(-1)).toMatch(/^Thought for .+ false$/);

  // The plan advanced to the end.
  const planStates = await recorded<string | null>(page, 'plan');
  expect(planStates.at(-1)).toBe('4 of 4 completed');
  expect(planStates.some((s) => s !== null && s !== '4 of 4 completed')).toBe(true);
  await p.getByRole('button', { name: /^Plan\s*4 of 4 completed/ }).waitFor();

  // The usage meter moved.
  await page.waitForFunction(
    (before) => Number(document.querySelector('[role="meter"][aria-label="Context window"]')?.getAttribute('aria-valuenow')) > before,
    usedBefore,
  );
  // No error anywhere in the conversation.
  expect(await log.getByRole('alert').count()).toBe(0);
  expect(await p.getByRole('alert').filter({ hasText: /./ }).count()).toBe(0);
});

e2e('Reject in the edit card leaves the file alone', async ({ page }) => {
  await openPlayground(page, e.url());
  const editor = page.getByRole('region', { name: 'Editor: /workspace/src/greeting.ts' });
  await sendPrompt(page, '/edit');
  const permission = toolCall(page, 'Edit:').getByRole('group', { name: /^Permission needed/ });
  await permission.getByRole('button', { name: 'Reject', exact: true }).click();
  await waitTurnEnd(page);
  await toolCall(page, 'Edit:')
    .getByRole('button', { name: /Failed/ })
    .waitFor();
  expect(await editor.textContent()).not.toContain('punctuation');
  expect(await page.getByRole('button', { name: /modified by the agent/ }).count()).toBe(0);
});
