/**
 * Terminal sign-in in Chromium: the playground's AgentPanel, through acp-react-bridge with
 * `terminalAuth`, offers the fixture agent's `terminal` method; its login program runs in a real
 * pseudo-terminal on the bridge and in xterm.js in the page's dialog. Typing the code signs in
 * and a prompt is answered; closing the dialog mid-login kills the program and the panel stays
 * usable. Under a strict CSP (no `style-src 'unsafe-inline'`) the terminal keeps its styles and
 * nothing is blocked. With terminal sign-in off on the bridge, the panel names the flag that turns
 * it on. One browser for the four cases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startBridge } from '../../bridge/server.mjs';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';

const root = fileURLToPath(new URL('../../playground-dist', import.meta.url));
const agentScript = fileURLToPath(new URL('../fixtures/auth-agent.mjs', import.meta.url));

let browser: Browser;
let server: StaticServer;
const bridges: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await Promise.all(bridges.map((b) => b.close()));
});

/** A bridge whose agent keeps its credentials in a fresh directory: every case starts signed out. */
async function signInBridge({ terminalAuth = true } = {}) {
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env, AUTH_AGENT_HOME: mkdtempSync(path.join(tmpdir(), 'auth-agent-home-')) };
  delete env.AUTH_AGENT_API_KEY;
  const bridge = await startBridge({
    command: process.execPath,
    args: [agentScript],
    port: 0,
    env,
    terminalAuth,
    log: (level: string, message: string) => logs.push(`${level}: ${message}`),
  });
  bridges.push(bridge);
  return { bridge, logs };
}

async function openPanel(url: string, logs: string[], from: StaticServer = server) {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${from.url}/?agent=${encodeURIComponent(url)}&cwd=/tmp`);
  const failWith = async (error: unknown): Promise<never> => {
    throw new Error(`${String(error)}\nbridge log:\n${logs.join('\n')}\npage:\n${(await page.locator('body').innerText()).slice(0, 1500)}`);
  };
  return { page, errors, failWith };
}

/** The text xterm.js shows (its DOM renderer's rows). */
const screenText = (page: Page) => page.locator('[data-slot="sign-in-terminal-screen"] .xterm-rows').innerText();

it('signs in by typing the code into the sign-in terminal, then answers a prompt; focus returns to the panel', async () => {
  const { bridge, logs } = await signInBridge();
  const { page, errors, failWith } = await openPanel(bridge.url, logs);
  const button = page.getByRole('button', { name: 'Sign in in a terminal with Log in with the CLI' });
  await button.waitFor({ timeout: 30_000 }).catch(failWith);
  await button.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Sign in with Log in with the CLI' });
  await dialog.waitFor({ timeout: 30_000 }).catch(failWith);
  await vi.waitFor(async () => expect(await screenText(page)).toContain('Code:'), { timeout: 30_000, interval: 100 }).catch(failWith);
  // Focus is in the terminal: typing goes to the program, through the pty.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('xterm-helper-textarea'))).toBe(true);
  expect(await screenText(page)).toContain('Sign in to auth-agent');
  await page.keyboard.type('0000');
  await page.keyboard.press('Enter');
  await vi.waitFor(async () => expect(await screenText(page)).toContain('Wrong code'), { timeout: 30_000, interval: 100 }).catch(failWith);
  await page.keyboard.type('otter-7');
  await page.keyboard.press('Enter');

  // The program ends, the bridge restarts the agent, the client signs in: the dialog goes, focus comes back.
  await dialog.waitFor({ state: 'detached', timeout: 30_000 }).catch(failWith);
  await page
    .waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('textarea:not(.xterm-helper-textarea)')?.disabled, null, { timeout: 30_000 })
    .catch(failWith);
  const input = page.locator('textarea').first();
  await input.fill('hello after terminal sign-in');
  await input.press('Enter');
  await page
    .waitForFunction(() => document.body.textContent?.includes('signed in with cli-login; region none; echo: hello after terminal sign-in'), null, {
      timeout: 30_000,
    })
    .catch(failWith);
  // The typed code is in neither the bridge's log nor the page's storage or URL.
  expect(logs.join('\n')).not.toContain('otter-7');
  expect(await page.evaluate(() => JSON.stringify({ url: location.href, local: { ...localStorage }, session: { ...sessionStorage } }))).not.toContain(
    'otter-7',
  );
  expect(errors).toEqual([]);
  await page.close();
});

it('Escape closes the dialog mid-login: the program is killed, focus returns, and the panel can try again', async () => {
  const { bridge, logs } = await signInBridge();
  const { page, errors, failWith } = await openPanel(bridge.url, logs);
  const button = page.getByRole('button', { name: 'Sign in in a terminal with Log in with the CLI' });
  await button.waitFor({ timeout: 30_000 }).catch(failWith);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Log in with the CLI' });
  await vi.waitFor(async () => expect(await screenText(page)).toContain('Code:'), { timeout: 30_000, interval: 100 }).catch(failWith);
  const pid = Number(/sign-in terminal \S+ \(pid (\d+)\)/.exec(logs.join('\n'))?.[1]);
  expect(process.kill(pid, 0)).toBe(true);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 30_000 }).catch(failWith);
  await vi.waitFor(
    () => {
      expect(() => process.kill(pid, 0)).toThrow();
    },
    { timeout: 15_000, interval: 50 },
  );
  await page
    .getByText(/Sign-in failed: The sign-in terminal was closed before the sign-in finished/)
    .waitFor({ timeout: 30_000 })
    .catch(failWith);
  // Focus went back to the button that opened it, which works again.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Sign in in a terminal with Log in with the CLI');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ timeout: 30_000 }).catch(failWith);
  await page.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 }).catch(failWith);
  expect(errors).toEqual([]);
  await page.close();
});

it('keeps the terminal styled under a CSP without style-src unsafe-inline, with nothing blocked', async () => {
  const strict = await serveStatic(root, {
    csp: [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self' ws://127.0.0.1:*",
      "object-src 'none'",
    ].join('; '),
  });
  try {
    const { bridge, logs } = await signInBridge();
    const page = await browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('__reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __reportViolation(v: string): void }).__reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
      });
    });
    await page.goto(`${strict.url}/?agent=${encodeURIComponent(bridge.url)}&cwd=/tmp`);
    const failWith = async (error: unknown): Promise<never> => {
      throw new Error(`${String(error)}\nviolations: ${violations.join('\n')}\nbridge log:\n${logs.join('\n')}`);
    };
    const button = page.getByRole('button', { name: 'Sign in in a terminal with Log in with the CLI' });
    await button.waitFor({ timeout: 30_000 }).catch(failWith);
    await button.click();
    await vi.waitFor(async () => expect(await screenText(page)).toContain('Code:'), { timeout: 30_000, interval: 100 }).catch(failWith);
    const styled = await page.locator('[data-slot="sign-in-terminal-screen"]').evaluate((screen) => {
      const rows = screen.querySelector<HTMLElement>('.xterm-rows')!;
      const row = rows.firstElementChild as HTMLElement;
      return {
        styleElements: screen.querySelectorAll('style').length,
        // xterm's theme sheet: the font size it was given; its dimensions sheet: spans as tall as the row.
        fontSize: getComputedStyle(rows).fontSize,
        whiteSpace: getComputedStyle(rows).whiteSpace,
        spanHeight: getComputedStyle(row.querySelector('span') ?? row).height,
        rowHeight: getComputedStyle(row).height,
      };
    });
    expect(styled).toEqual({
      styleElements: 0,
      fontSize: '13px',
      whiteSpace: 'pre',
      spanHeight: styled.rowHeight,
      rowHeight: expect.stringMatching(/^\d+(\.\d+)?px$/),
    });
    await page.keyboard.type('otter-7');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 }).catch(failWith);
    expect(violations).toEqual([]);
    await page.close();
  } finally {
    await strict.close();
  }
});

it('with terminal sign-in off on the bridge (its default), names --terminal-auth and why it is off, beside the methods the agent did offer', async () => {
  const { bridge, logs } = await signInBridge({ terminalAuth: false });
  const { page, errors, failWith } = await openPanel(bridge.url, logs);
  const hint = page.locator('[data-slot="auth-panel-terminal-auth-off"]');
  await hint.waitFor({ timeout: 30_000 }).catch(failWith);
  expect(await hint.innerText()).toMatch(/restart acp-react-bridge with --terminal-auth\. It is off by default because it runs the agent's login program/);
  // The agent was offered no terminal sign-in, so the env_var method it lists is the one left.
  expect(await page.getByRole('button', { name: /Sign in in a terminal/ }).count()).toBe(0);
  await page.getByText('API key', { exact: true }).first().waitFor();
  expect(errors).toEqual([]);
  await page.close();
});
