/**
 * The host-independence rule of tokens.css: every component root is in the list that sets the
 * inherited text properties, so a host's page-wide rules (`#root { text-align: center }`,
 * `:root { letter-spacing }`) stop at each component's edge, including a component added later.
 * A root is the class a component passes to `cx('acp-…', className)`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// From a string: under jsdom the global URL is not the one `fileURLToPath` accepts.
const src = join(dirname(fileURLToPath(import.meta.url)), '../../src');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });
}

/** Classes components and panels give their outermost element (BEM blocks, not parts or shared helpers). */
function componentRoots(): Set<string> {
  const roots = new Set<string>();
  for (const file of [...files(join(src, 'components'), '.tsx'), ...files(join(src, 'panels'), '.tsx')]) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/cx\(\s*'(acp-[a-z-]+)'/g)) {
      if (name !== 'acp-button') roots.add(name!);
    }
  }
  return roots;
}

/** The classes in tokens.css's `:is(…)` list of roots. */
function listedRoots(): Set<string> {
  const css = readFileSync(join(src, 'styles/tokens.css'), 'utf8');
  const list = /:is\(([^)]*)\)\s*\{[^}]*text-align: start/.exec(css);
  if (!list) throw new Error('tokens.css has no `:is(…roots) { … text-align: start … }` rule');
  return new Set([...list[1]!.matchAll(/\.(acp-[a-z-]+)/g)].map((m) => m[1]!));
}

describe('component roots and the host-independence rule', () => {
  it('lists every component root, and nothing else', () => {
    const roots = componentRoots();
    expect(roots.size).toBeGreaterThan(15);
    expect([...listedRoots()].sort()).toEqual([...roots].sort());
  });

  it('uses the same list for the outermost roots', () => {
    const css = readFileSync(join(src, 'styles/tokens.css'), 'utf8');
    const lists = [...css.matchAll(/:is\(([^)]*\.acp-agent-panel[^)]*)\)/g)].map((m) => m[1]!.replace(/\s+/g, ''));
    expect(lists).toHaveLength(2);
    expect(lists[1]).toBe(lists[0]);
  });

  it('loads the tokens before the component sheets in Vite builds, as dist/styles.css does', () => {
    const loader = readFileSync(join(src, 'styles/index.ts'), 'utf8');
    const tokens = loader.indexOf("'./tokens.css'");
    const components = loader.indexOf("'../components/**/*.css'");
    const panels = loader.indexOf("'../panels/**/*.css'");
    expect(tokens).toBeGreaterThan(-1);
    expect(components).toBeGreaterThan(tokens);
    expect(panels).toBeGreaterThan(components);
  });
});
