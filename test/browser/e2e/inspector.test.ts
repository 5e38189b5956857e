/**
 * The protocol inspector on the web IDE page end to end: the frames of a turn, filters, and the
 * exported NDJSON transcript.
 */
import { expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import { e2e, openPlayground, sendPrompt, setupE2E, waitTurnEnd } from '../helpers/e2e.js';

const e = setupE2E({ delayMs: 5 });

e2e('the inspector shows session/update frames, filters them by kind, and exports NDJSON', async ({ page }) => {
  await openPlayground(page, e.url());
  await sendPrompt(page, '/plan inspect me');
  await waitTurnEnd(page);

  const toggle = page.getByRole('button', { name: 'Protocol inspector' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const inspector = page.getByRole('complementary', { name: 'Protocol inspector panel' }).getByRole('region', { name: 'Protocol inspector' });
  const frames = inspector.getByRole('list', { name: 'Protocol inspector' }).getByRole('listitem');
  const count = inspector.getByText(/^\d+ of \d+ frames$/);

  // The whole conversation so far, from initialize on.
  await frames.first().waitFor();
  expect(await frames.first().textContent()).toContain('initialize');
  await frames.filter({ hasText: 'session/update' }).first().waitFor();
  await frames.filter({ hasText: 'session/prompt' }).filter({ hasText: 'inspect me' }).waitFor();
  const total = await frames.count();
  expect(await count.textContent()).toBe(`${total} of ${total} frames`);

  // Filter by update kind: only plan updates (plan operations, which the client takes by default).
  await inspector.getByRole('combobox', { name: 'Update kind' }).selectOption('plan_update');
  await count.filter({ hasNotText: `${total} of ${total} frames` }).waitFor();
  const plans = await frames.allTextContents();
  expect(plans.length).toBeGreaterThanOrEqual(7);
  for (const frame of plans) {
    expect(frame).toContain('session/update');
    expect(frame).toContain('"sessionUpdate":"plan_update"');
  }
  expect(await count.textContent()).toBe(`${plans.length} of ${total} frames`);

  // By method as well: the one prompt request.
  await inspector.getByRole('combobox', { name: 'Update kind' }).selectOption('');
  await inspector.getByRole('combobox', { name: 'Method' }).selectOption('session/prompt');
  await count.filter({ hasText: /^1 of / }).waitFor();
  expect(await frames.allTextContents()).toEqual([expect.stringContaining('inspect me')]);

  // Export: a download of newline-delimited JSON, one frame per line.
  const [download] = await Promise.all([page.waitForEvent('download'), inspector.getByRole('button', { name: 'Export transcript' }).click()]);
  expect(download.suggestedFilename()).toBe('acp-transcript.ndjson');
  const text = await readFile(await download.path(), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { dir: string; t: number; msg: { jsonrpc: string; method?: string; params?: { update?: { sessionUpdate?: string } } } });
  // The export is the whole transcript, not just the filtered view.
  expect(lines.length).toBeGreaterThanOrEqual(total);
  for (const line of lines) {
    expect(['client->agent', 'agent->client']).toContain(line.dir);
    expect(line.msg.jsonrpc).toBe('2.0');
  }
  expect(lines[0]).toMatchObject({ dir: 'client->agent', msg: { method: 'initialize' } });
  expect(lines.some((l) => l.dir === 'agent->client' && l.msg.method === 'session/update' && l.msg.params?.update?.sessionUpdate === 'plan_update')).toBe(true);
  expect(lines.some((l) => l.dir === 'client->agent' && l.msg.method === 'session/prompt')).toBe(true);
});
