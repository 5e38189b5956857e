/**
 * The layers of src/ import one way (docs/layout.md): the headless core and the highlighter know
 * nothing above them, the strings layer only React, the bindings the core and the strings, the
 * presentational components everything but the bindings (props in, callbacks out), and only the
 * wired panels see everything. Type-only imports count: a type import of a layer above is
 * still a dependency on it.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listImports } from '../../scripts/check-cycles.mjs';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** What each folder of src/ may import: other folders of src/, and packages. */
const LAYERS: Record<string, { folders: string[]; packages: string[] }> = {
  core: { folders: ['core'], packages: ['@agentclientprotocol/sdk'] },
  // The highlighter shares the core's main-thread slicing (`core/slices.ts`); the core knows nothing of it.
  highlight: { folders: ['highlight', 'core'], packages: ['shiki', '@shikijs/langs-precompiled'] },
  i18n: { folders: ['i18n'], packages: ['react'] },
  react: { folders: ['react', 'core', 'i18n'], packages: ['react', '@tanstack/react-query', '@agentclientprotocol/sdk'] },
  components: { folders: ['components', 'core', 'i18n', 'highlight'], packages: [] },
  panels: { folders: ['panels', 'components', 'react', 'core', 'i18n', 'highlight'], packages: [] },
  // acp-react/element: the panel mounted in a shadow root, for pages that are not React apps.
  element: { folders: ['element', 'panels', 'components', 'react', 'core', 'i18n'], packages: ['react', 'react-dom'] },
};

/**
 * jsdiff in the core, for the change review only (`acp-react/changes` and the `Diff` component's
 * chunk); the core entry never reaches it (the size check would see it).
 */
const allowedPackage = (from: string, specifier: string) => packageOf(specifier) === 'diff' && relative(src, from).startsWith('core/changes/');

type Import = { from: string; specifier: string; to: string | null };
/** Listed once: resolving every specifier of src/ takes a few seconds. */
const imports = listImports([src]) as Import[];

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Imports that break the layer rules, as "from -> to" lines. */
function violations(): string[] {
  const found: string[] = [];
  for (const { from, specifier, to } of imports) {
    const [layer] = relative(src, from).split('/');
    const rules = LAYERS[layer!];
    if (!rules) continue;
    if (to !== null) {
      const target = relative(src, to).split('/')[0]!;
      if (!rules.folders.includes(target)) found.push(`${relative(src, from)} -> ${relative(src, to)}`);
    } else if (!specifier.startsWith('.') && rules.packages.length > 0 && !rules.packages.includes(packageOf(specifier)) && !allowedPackage(from, specifier)) {
      found.push(`${relative(src, from)} -> ${specifier}`);
    }
  }
  return found;
}

describe('layers', () => {
  it('every import in src/ goes down a layer or stays in its own', () => {
    expect(violations()).toEqual([]);
  });

  it('the client never imports the devtools aids (they are only for acp-react/devtools)', () => {
    const devtools = `${src}core/devtools/`;
    const inward = imports.filter(({ from, to }) => from.startsWith(`${src}core/`) && !from.startsWith(devtools) && to?.startsWith(devtools));
    expect(inward.map(({ from, to }) => `${relative(src, from)} -> ${relative(src, to!)}`)).toEqual([]);
  });

  it('knows every folder of src/ that holds code', () => {
    const folders = new Set(imports.map(({ from }) => relative(src, from).split('/')[0]));
    folders.delete('index.ts');
    expect([...folders].sort()).toEqual(Object.keys(LAYERS).sort());
  });
});
