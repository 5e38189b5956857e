/**
 * `@` mentions of the web IDE's files, end to end. With the in-browser workspace: `@gree` lists
 * `src/greeting.ts` first, Enter makes it a chip, and the agent receives the file as an embedded
 * `resource` with its text (read off the WebSocket the page talks over); the chip in the thread
 * opens the file in the editor pane, focused. With the agent on its own disk the page lists only
 * the files it has seen in tool calls, and sends each as a `resource_link`: it cannot read them.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { sampleWorkspace } from '../../../playground/src/workspace.js';
import { e2e, openPlayground, panel, promptBox, sendPrompt, setupE2E, toolCall, userMessages, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

const GREETING_PATH = '/workspace/src/greeting.ts';
const GREETING_URI = 'file:///workspace/src/greeting.ts';
const META = { 'acp-react/mention': { label: 'src/greeting.ts', kind: 'file' } };

interface PromptRequest {
  method: 'session/prompt';
  params: { prompt: Array<Record<string, unknown>> };
}

/** Every `session/prompt` request the page sends over its WebSockets, as the agent receives it. Call before `goto`. */
function recordPrompts(page: Page): PromptRequest[] {
  const prompts: PromptRequest[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const message = JSON.parse(payload) as { method?: string };
      if (message.method === 'session/prompt') prompts.push(message as PromptRequest);
    }),
  );
  return prompts;
}

/** Stops the demo agent's default turn (it waits on the edit's permission) and waits for the end. */
async function stopTurn(page: Page): Promise<void> {
  await toolCall(page, 'Edit:')
    .getByRole('group', { name: /^Permission needed/ })
    .waitFor();
  await panel(page).getByRole('button', { name: 'Stop' }).click();
  await waitTurnEnd(page);
}

e2e('@gree lists src/greeting.ts; sent as an embedded resource with its text; its chip in the thread opens it in the editor', async ({ page }) => {
  const prompts = recordPrompts(page);
  await openPlayground(page, e.url());
  // Another file in the editor first, so opening the mentioned one is seen.
  await page.getByRole('navigation', { name: 'Workspace files' }).getByRole('button', { name: 'format.ts' }).click();
  await page.getByRole('region', { name: 'Editor: /workspace/src/format.ts' }).waitFor();

  const input = promptBox(page);
  await input.focus();
  await page.keyboard.type('@gree');
  const menu = panel(page).getByRole('listbox', { name: 'Mentions' });
  // The file whose name starts with the query, shortest first; the path is what the option reads.
  await menu.getByRole('option', { selected: true, name: 'src/greeting.ts' }).waitFor();
  expect(await menu.getByRole('option').allTextContents()).toEqual(['▤src/greeting.ts', '▤src/greeting.test.ts']);
  expect(await menu.getByRole('group', { name: 'Files' }).count()).toBe(1);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });

  // A chip in the prompt, the caret after it.
  expect(await input.inputValue()).toBe('@src/greeting.ts ');
  await panel(page).locator('[data-slot="mention-overlay"] .acp-prompt-input__mention').filter({ hasText: '@src/greeting.ts' }).waitFor();
  await page.keyboard.type('what does this do?');
  await page.keyboard.press('Enter');

  const chip = userMessages(page).getByRole('button', { name: 'Open src/greeting.ts' });
  await chip.waitFor();
  // What the agent received: the text as the user saw it, then the file with its text.
  await expect.poll(() => prompts.length).toBe(1);
  expect(prompts[0]?.params.prompt).toEqual([
    { type: 'text', text: '@src/greeting.ts what does this do?' },
    { type: 'resource', resource: { uri: GREETING_URI, text: sampleWorkspace('/workspace')[GREETING_PATH], mimeType: 'text/plain' }, _meta: META },
  ]);
  // Nothing was sent as a link instead.
  expect(await panel(page).locator('[data-slot="mention-notes"]').count()).toBe(0);

  // The chip opens the file in the editor pane, its contents focused.
  await chip.click();
  const editor = page.getByRole('region', { name: `Editor: ${GREETING_PATH}` });
  await editor.waitFor();
  const contents = editor.getByLabel(`Contents of ${GREETING_PATH}`);
  expect(await contents.textContent()).toContain("return 'Hello, ' + name + '!';");
  await expect.poll(() => contents.evaluate((el) => el === document.activeElement)).toBe(true);
  await stopTurn(page);
});

e2e('with the agent on its own disk: only files seen in tool calls are listed, and each goes as a resource_link', async ({ page }) => {
  const prompts = recordPrompts(page);
  await openPlayground(page, e.url('', { workspace: 'none' }));
  const input = promptBox(page);
  const menu = panel(page).getByRole('listbox', { name: 'Mentions' });

  // Nothing seen yet: the in-browser sample is not the agent's disk, so nothing is offered.
  await input.focus();
  await page.keyboard.type('@gree');
  await panel(page).locator('[data-slot="mention-note"]').filter({ hasText: 'Nothing matches “gree”.' }).waitFor();
  await input.fill('');

  // The agent's edit names src/greeting.ts (its location and its diff); the edit is rejected.
  await sendPrompt(page, '/edit');
  const edit = toolCall(page, 'Edit:');
  await edit
    .getByRole('group', { name: /^Permission needed/ })
    .getByRole('button', { name: 'Reject', exact: true })
    .click();
  await waitTurnEnd(page);

  await input.focus();
  await page.keyboard.type('@gree');
  await menu.getByRole('option', { selected: true, name: 'src/greeting.ts' }).waitFor();
  // Only what the page has seen: the test file was never named by the agent.
  expect(await menu.getByRole('option').allTextContents()).toEqual(['▤src/greeting.ts']);
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
  await page.keyboard.type('explain');
  await page.keyboard.press('Enter');
  await userMessages(page).getByRole('button', { name: 'Open src/greeting.ts' }).waitFor();
  await expect.poll(() => prompts.length).toBe(2);
  // A link even though the agent accepts embedded context: the page has no text of its own to send.
  expect(prompts[1]?.params.prompt).toEqual([
    { type: 'text', text: '@src/greeting.ts explain' },
    { type: 'resource_link', uri: GREETING_URI, name: 'src/greeting.ts', _meta: META },
  ]);
  expect(await panel(page).locator('[data-slot="mention-notes"]').count()).toBe(0);
  await stopTurn(page);
});
