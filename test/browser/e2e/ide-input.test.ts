/**
 * The web IDE page end to end: an elicitation form answered inline, session settings (mode,
 * thinking level, the boolean switch) changed through their pickers, and the slash-command menu.
 */
import { expect } from 'vitest';
import { e2e, openPlayground, panel, promptBox, sendPrompt, setupE2E, toolCall, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('/form renders the form inline; submitting valid values makes the agent echo them', async ({ page }) => {
  await openPlayground(page, e.url());
  const log = panel(page).getByRole('log', { name: 'Conversation' });
  await sendPrompt(page, '/form');

  const form = log.getByRole('region', { name: 'The agent needs some information' });
  await form.waitFor();
  // Inline in the conversation, after the tool call that asked for it.
  await toolCall(page, /^Tool: Collect project settings/).waitFor();

  await form.getByRole('textbox', { name: 'Contact email (required)' }).fill('ada@example.com');
  await form.getByRole('textbox', { name: 'Project name (required)' }).fill('e2e-project');
  await form.getByRole('spinbutton', { name: 'Team size (required)' }).fill('7');
  await form.getByRole('radio', { name: 'pnpm' }).check();
  await form.getByRole('checkbox', { name: 'node' }).check();
  await form.getByRole('button', { name: 'Accept' }).click();

  await waitTurnEnd(page);
  const echo = log.getByRole('article', { name: 'Agent message' }).last();
  await echo.getByText('Every value matches the schema.').waitFor();
  const row = (key: string) => echo.getByRole('row').filter({ has: page.getByRole('cell', { name: key, exact: true }) });
  expect(await row('email').getByRole('cell').nth(1).textContent()).toBe('"ada@example.com"');
  expect(await row('projectName').getByRole('cell').nth(1).textContent()).toBe('"e2e-project"');
  expect(await row('teamSize').getByRole('cell').nth(1).textContent()).toBe('7');
  expect(await row('packageManager').getByRole('cell').nth(1).textContent()).toBe('"pnpm"');
  expect(await row('targets').getByRole('cell').nth(1).textContent()).toBe('["browser","node"]');
  // The answered form no longer offers its buttons.
  expect(await form.getByRole('button', { name: 'Accept' }).count()).toBe(0);
});

e2e('mode, thinking and the boolean switch follow the agent; the next turn runs in the new mode', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const settings = p.getByRole('group', { name: 'Session settings' });

  // Mode: a button opening a listbox.
  await settings.getByRole('button', { name: 'Mode Code' }).click();
  const modes = settings.getByRole('listbox', { name: 'Mode' });
  expect(await modes.getByRole('option').allTextContents()).toEqual([
    expect.stringMatching(/^Ask/),
    expect.stringMatching(/^Code/),
    expect.stringMatching(/^Architect/),
  ]);
  expect(await modes.getByRole('option', { name: /^Code/ }).getAttribute('aria-selected')).toBe('true');
  await modes.getByRole('option', { name: /^Architect/ }).click();
  await settings.getByRole('button', { name: 'Mode Architect' }).waitFor();
  await modes.waitFor({ state: 'detached' });

  // Thinking, by keyboard.
  await settings.getByRole('button', { name: 'Thinking Medium' }).click();
  await settings.getByRole('listbox', { name: 'Thinking' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await settings.getByRole('button', { name: 'Thinking High' }).waitFor();

  // The boolean option.
  const tests = settings.getByRole('switch', { name: 'Run tests automatically' });
  expect(await tests.getAttribute('aria-checked')).toBe('true');
  await tests.click();
  await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');

  // The agent works with what it answered: its thought names the mode, and no test run follows.
  await sendPrompt(page, 'Tidy up the greeting');
  await toolCall(page, 'Edit:').getByRole('button', { name: 'Allow', exact: true }).click();
  await waitTurnEnd(page);
  const thought = p.getByRole('button', { name: /^Thought for/ });
  await thought.click();
  await p.getByText("I'm in architect mode.", { exact: false }).waitFor();
  expect(await toolCall(page, 'Run:').count()).toBe(0);
  expect(
    await toolCall(page, 'Edit:')
      .getByRole('button', { name: /Completed/ })
      .count(),
  ).toBe(1);
  // Still as chosen after the turn.
  await settings.getByRole('button', { name: 'Mode Architect' }).waitFor();
  await settings.getByRole('button', { name: 'Thinking High' }).waitFor();
});

e2e('typing / lists the commands; ArrowDown and Enter complete one and show its hint', async ({ page }) => {
  await openPlayground(page, e.url());
  const p = panel(page);
  const input = promptBox(page);
  await input.click();
  await page.keyboard.type('/');

  const menu = p.getByRole('listbox', { name: 'Commands' });
  await menu.waitFor();
  const options = menu.getByRole('option');
  expect(await options.count()).toBe(16);
  // Each command with its description.
  await options.filter({ hasText: '/form' }).filter({ hasText: 'Ask for project settings through an elicitation form' }).waitFor();
  await options.filter({ hasText: '/plan' }).filter({ hasText: 'Build a plan and advance it step by step' }).waitFor();
  // The input points at the active option.
  expect(await input.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
  const first = await options.nth(0).getAttribute('id');
  expect(await input.getAttribute('aria-activedescendant')).toBe(first);

  await page.keyboard.press('ArrowDown');
  const second = options.nth(1);
  expect(await input.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
  expect(await second.getAttribute('aria-selected')).toBe('true');
  expect(await second.textContent()).toMatch(/^\/edit/);
  await page.keyboard.press('Enter');

  expect(await input.inputValue()).toBe('/edit ');
  await menu.waitFor({ state: 'detached' });
  // The command's input hint shows where the argument goes.
  expect(await input.getAttribute('placeholder')).toBe('file or change');
  expect(await p.locator('.acp-prompt-input__ghost-hint').textContent()).toBe('file or change');
  expect(await p.locator('.acp-prompt-input__ghost-hint').isVisible()).toBe(true);
  // Nothing was sent.
  expect(await p.getByRole('article', { name: 'Your message' }).count()).toBe(0);

  // Typing narrows the list; Escape closes it and keeps the text.
  await input.fill('');
  await page.keyboard.type('/sl');
  expect(await options.allTextContents()).toEqual([expect.stringMatching(/^\/slow/)]);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await input.inputValue()).toBe('/sl');
  // Once the argument is typed the hint goes.
  await input.fill('/slow ');
  await p.locator('.acp-prompt-input__ghost-hint').waitFor();
  await page.keyboard.type('1');
  await p.locator('.acp-prompt-input__ghost-hint').waitFor({ state: 'detached' });
});
