/**
 * Every Storybook story, rendered in headless Chromium from the static build, in light and dark:
 * no console errors, no uncaught exceptions, and no axe-core violations. In light, also: no host
 * page's global CSS reaches inside a component (helpers/host-css.ts: the Vite template's, the
 * Next.js template's and a preflight-style reset, aimed at Storybook's root).
 *
 * The preview is loaded once per theme; stories are then switched through Storybook's own
 * channel (`setCurrentStory`), which renders each one as a user browsing Storybook sees it,
 * without reloading the whole preview bundle for every story.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import { serveStatic, type StaticServer } from './helpers/static-server.js';
import { runAxe } from './helpers/axe.js';
import { hostGlobalsCss, hostStyleLeaks } from './helpers/host-css.js';

const root = fileURLToPath(new URL('../../storybook-static', import.meta.url));

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

function indexEntries(): IndexEntry[] {
  const indexFile = `${root}/index.json`;
  if (!existsSync(indexFile)) {
    throw new Error('storybook-static/index.json is missing: run `npm run build-storybook` first (npm test does).');
  }
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries);
}

const stories = indexEntries().filter((e) => e.type === 'story');
/** The component families' docs pages (stories/docs/*.mdx). */
const docsPages = indexEntries().filter((e) => e.type === 'docs');
/** Storybook's app root, and the decorator's frame every story renders in. */
const HOST_CSS = hostGlobalsCss('#storybook-root', '#storybook-root > div');
let browser: Browser;
let server: StaticServer;

beforeAll(async () => {
  server = await serveStatic(root);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Renders a story through the preview's channel and resolves once Storybook reports it rendered. */
async function showStory(page: Page, id: string): Promise<string | null> {
  return page.evaluate(
    (storyId) =>
      new Promise<string | null>((resolve) => {
        const channel = (
          window as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              on(e: string, f: (...a: unknown[]) => void): void;
              off(e: string, f: (...a: unknown[]) => void): void;
              emit(e: string, p: unknown): void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const done = (error: string | null) => {
          channel.off('storyRendered', onRendered);
          channel.off('storyErrored', onErrored);
          channel.off('storyThrewException', onThrew);
          resolve(error);
        };
        const onRendered = (renderedId: unknown) => {
          if (renderedId === storyId) done(null);
        };
        const onErrored = (e: unknown) => done(`story errored: ${JSON.stringify(e)}`);
        const onThrew = (e: unknown) => done(`story threw: ${(e as { message?: string })?.message ?? String(e)}`);
        channel.on('storyRendered', onRendered);
        channel.on('storyErrored', onErrored);
        channel.on('storyThrewException', onThrew);
        setTimeout(() => done(`story ${storyId} did not render within 15 s`), 15_000);
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
      }),
    id,
  );
}

describe.each(['light', 'dark'] as const)('stories in the %s theme', (theme) => {
  let page: Page;
  let problems: string[] = [];
  let current: string | null = null;

  beforeAll(async () => {
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(stories[0]!.id)}&viewMode=story&globals=theme:${theme}`);
    await page.waitForSelector('#storybook-root > *', { timeout: 30_000 });
    current = stories[0]!.id;
    // The theme global reached the preview (stories named "Dark" may still force their own).
    const applied = await page.evaluate(() => document.querySelector('#storybook-root [data-theme], [data-theme]')?.getAttribute('data-theme'));
    if (applied !== theme) throw new Error(`The ${theme} theme was not applied to the preview (got ${applied}).`);
  });
  afterAll(async () => {
    await page?.close();
  });

  it.each(stories.map((s) => [`${s.title} / ${s.name}`, s.id]))('%s', async (_label, id) => {
    problems = [];
    if (id !== current) {
      const error = await showStory(page, id);
      if (error) problems.push(error);
      current = id;
    }
    // Let effects and lazy work (highlighting, measurement) settle before checking.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.waitForTimeout(50);
    const violations = await runAxe(page, '#storybook-root');
    for (const v of violations) problems.push(`axe ${v.id} (${v.impact}): ${v.help} at ${v.targets.slice(0, 3).join(', ')}`);
    if (theme === 'light') {
      for (const leak of await hostStyleLeaks(page, HOST_CSS, '#storybook-root > div')) problems.push(`host CSS reaches in: ${leak}`);
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The docs pages (stories/docs/*.mdx): each renders without an error, with a props table that
 * has rows (the docgen found the component's props) and its accessibility notes; together they
 * cover every component's stories, shown on the page or linked from it.
 */
describe('docs pages', () => {
  const reached = new Set<string>();

  it.each(docsPages.map((d) => [d.title, d.id]))('%s', async (_title, id) => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // A fresh page asks for the static server's favicon, which Storybook does not build.
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    try {
      await page.goto(`${server.url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=docs`);
      await page.waitForSelector('.sbdocs-content .docblock-argstable tbody tr', { timeout: 30_000 });
      const shown = await page.evaluate(() => ({
        tables: [...document.querySelectorAll('.sbdocs-content .docblock-argstable')].map((t) => t.querySelectorAll('tbody tr').length),
        headings: [...document.querySelectorAll('.sbdocs-content h2')].map((h) => h.textContent),
        stories: [...document.querySelectorAll('.sbdocs-content [id^="anchor--"]')].map((a) => a.id.slice('anchor--'.length)),
        links: [...document.querySelectorAll<HTMLAnchorElement>('.sbdocs-content a[href*="path=/story/"]')].map((a) => a.href.replace(/.*path=\/story\//, '')),
      }));
      expect(shown.tables.length).toBeGreaterThan(0);
      expect(shown.tables.filter((rows) => rows === 0)).toEqual([]);
      expect(shown.headings).toContain('Accessibility');
      for (const story of [...shown.stories, ...shown.links]) reached.add(story);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('show or link every component story', () => {
    const components = stories.filter((s) => s.title.startsWith('Components/')).map((s) => s.id);
    expect(components.filter((id) => !reached.has(id))).toEqual([]);
  });
});
