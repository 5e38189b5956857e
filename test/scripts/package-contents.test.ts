/**
 * scripts/lib/package-contents.mjs, the part of `npm test`'s package checks that reads what the
 * tarball holds: a test, a fixture, a story, or a source map with an absolute path fails it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageContentProblems, tarballContentProblems } from '../../scripts/lib/package-contents.mjs';
import { packTarball } from '../../scripts/lib/pack.mjs';

const ROOT = '/home/builder/acp-react';
const goodMap = JSON.stringify({ version: 3, sources: ['../src/index.ts'], sourcesContent: ['export {};'], mappings: '' });

function check(contents: Record<string, string>): string[] {
  return packageContentProblems(Object.keys(contents), (path: string) => contents[path] ?? '', ROOT);
}

describe('package contents', () => {
  it('passes a tarball of built code, maps with relative sources, bins and docs', () => {
    expect(
      check({
        'dist/index.js': 'export { Thread } from "./components/Thread/index.js";\n//# sourceMappingURL=index.js.map',
        'dist/index.js.map': goodMap,
        'dist/types/index.d.ts.map': JSON.stringify({ version: 3, sourceRoot: '', sources: ['../../src/index.ts'], mappings: '' }),
        'bin/acp-react-bridge.mjs': '#!/usr/bin/env node\n',
        'demo-agent/scripts-coding.mjs': 'export const scripts = {};\n',
        'README.md': '# acp-react\n',
        LICENSE: 'Apache-2.0',
      }),
    ).toEqual([]);
  });

  it('fails on tests, fixtures and stories, by folder or by name', () => {
    expect(
      check({
        'dist/index.js': '',
        'test/core/store.test.ts': '',
        'demo-agent/fixtures/claude.ndjson': '',
        'dist/components/Thread/Thread.test.js': '',
        'dist/types/public-api.test-d.ts': '',
        'dist/Thread.stories.js': '',
      }).map((problem) => problem.split(':')[0]),
    ).toEqual([
      'test/core/store.test.ts',
      'demo-agent/fixtures/claude.ndjson',
      'dist/components/Thread/Thread.test.js',
      'dist/types/public-api.test-d.ts',
      'dist/Thread.stories.js',
    ]);
  });

  it('fails on a source map with an absolute source or root, and on the packing folder in any text file', () => {
    const problems = check({
      'dist/a.js.map': JSON.stringify({ version: 3, sources: ['/home/builder/acp-react/src/a.ts'], mappings: '' }),
      'dist/b.js.map': JSON.stringify({ version: 3, sourceRoot: 'file:///src/', sources: ['b.ts'], mappings: '' }),
      'dist/c.js.map': JSON.stringify({ version: 3, sources: ['C:\\build\\c.ts'], mappings: '' }),
      'dist/d.js': 'const worker = "/home/builder/acp-react/src/highlight/worker.ts";',
      'dist/e.js.map': '{ not json',
    });
    expect(problems).toEqual([
      'dist/a.js.map: a source map with absolute paths (/home/builder/acp-react/src/a.ts)',
      'dist/a.js.map: contains the absolute path it was packed from (/home/builder/acp-react)',
      'dist/b.js.map: a source map with absolute paths (file:///src/)',
      'dist/c.js.map: a source map with absolute paths (C:\\build\\c.ts)',
      'dist/d.js: contains the absolute path it was packed from (/home/builder/acp-react)',
      'dist/e.js.map: a source map that is not JSON',
    ]);
  });
});

describe('a real tarball', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** `npm pack` of a package made of `{ path: contents }`, then its problems. */
  function packAndCheck(contents: Record<string, string>, files: string[]): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'acp-pack-fixture-'));
    made.push(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bad-pack', version: '1.0.0', files }));
    for (const [path, text] of Object.entries(contents)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text.replaceAll('$ROOT', dir));
    }
    const { tarball, files: packed } = packTarball(dir, dir);
    return tarballContentProblems(tarball, packed, dir);
  }

  it('fails a pack whose "files" let a test folder and a map with the build folder in', () => {
    const problems = packAndCheck(
      {
        'dist/index.js': 'export {};\n//# sourceMappingURL=index.js.map',
        'dist/index.js.map': JSON.stringify({ version: 3, sources: ['$ROOT/src/index.ts'], mappings: '' }),
        'test/index.test.js': 'throw new Error();',
      },
      ['dist', 'test'],
    );
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['dist/index.js.map', 'dist/index.js.map', 'test/index.test.js']);
  });

  it('passes the same package once "files" and the map are right', () => {
    const problems = packAndCheck(
      {
        'dist/index.js': 'export {};\n//# sourceMappingURL=index.js.map',
        'dist/index.js.map': JSON.stringify({ version: 3, sources: ['../src/index.ts'], mappings: '' }),
        'test/index.test.js': 'throw new Error();',
      },
      ['dist'],
    );
    expect(problems).toEqual([]);
  });
});
