/**
 * scripts/check-cycles.mjs, the import-cycle check `npm test` runs over src/: it must see cycles
 * made of type-only imports and re-exports (the lint rule does not), resolve specifiers as tsc
 * does, leave dynamic `import()` out unless asked, and fail the run with each cycle listed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles } from '../../scripts/check-cycles.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];

/** A temporary source tree from `{ path: contents }`. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'acp-cycles-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

interface Step {
  file: string;
  kinds: string[];
}
interface Result {
  groups: Array<{ files: string[]; cycles: Step[][] }>;
}
const cyclesOf = (dir: string, options?: { dynamic?: boolean }): string[] =>
  (findCycles([dir], options) as Result).groups.flatMap((g) =>
    g.cycles.map((cycle) => cycle.map((s) => `${s.file.slice(dir.length + 1)}${s.kinds.length ? ` (${s.kinds.join(', ')})` : ''}`).join(' -> ')),
  );

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('check-cycles', () => {
  it('finds a cycle made only of type imports, named and inline', () => {
    const dir = tree({
      'a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'b.ts': "import { type A } from './a.js';\nexport interface B { a: A }\n",
    });
    expect(cyclesOf(dir)).toEqual(['a.ts (type) -> b.ts (type)']);
  });

  it('follows re-exports, folder indexes and `import()` types, resolved as tsc resolves them', () => {
    const dir = tree({
      'a.ts': "export { b } from './lib/index.js';\nexport const a = 1;\n",
      'lib/index.ts': "export * from './b.js';\n",
      'lib/b.ts': "export const b = 2;\nexport type A = typeof import('../a.js');\n",
    });
    expect(cyclesOf(dir)).toEqual(['a.ts -> lib/index.ts -> lib/b.ts (type)']);
  });

  it('leaves dynamic import() out unless asked', () => {
    const dir = tree({
      'loader.ts': "export const load = () => import('./part.js');\n",
      'part.ts': "import { load } from './loader.js';\nexport const again = load;\n",
    });
    expect(cyclesOf(dir)).toEqual([]);
    expect(cyclesOf(dir, { dynamic: true })).toEqual(['loader.ts (dynamic) -> part.ts']);
  });

  it('reports nothing for a tree without cycles, and ignores imports leaving it', () => {
    const dir = tree({
      'a.ts': "import { b } from './b.js';\nimport { useState } from 'react';\nexport const a = [b, useState];\n",
      'b.ts': 'export const b = 1;\n',
    });
    expect(cyclesOf(dir)).toEqual([]);
  });

  it('exits non-zero listing each cycle, and zero for the library source', () => {
    const dir = tree({
      'x.ts': "import './y.js';\n",
      'y.ts': "import './z.js';\n",
      'z.ts': "import './x.js';\n",
    });
    let failure: { status?: number; stderr?: Buffer } = {};
    try {
      execFileSync(process.execPath, ['scripts/check-cycles.mjs', dir], { cwd: root, stdio: 'pipe' });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(String(failure.stderr)).toMatch(/x\.ts → .*y\.ts → .*z\.ts → .*x\.ts/);
    expect(execFileSync(process.execPath, ['scripts/check-cycles.mjs'], { cwd: root, encoding: 'utf8' })).toMatch(/no import cycles/);
  });
});
