/**
 * What must not ship in the package tarball: tests, fixtures and stories (any folder of that
 * name, any `*.test.*`, `*.spec.*`, `*.test-d.ts` or `*.stories.*` file), and source maps or
 * code that carry an absolute path (a map's `sources` or `sourceRoot`, or the folder it was
 * packed from anywhere in a text file): they leak the build machine's layout and point a host's
 * debugger at files it does not have.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TEST_FOLDER = /(^|\/)(tests?|__tests__|__mocks__|fixtures?|__fixtures__|stories|\.storybook)\//;
const TEST_FILE = /\.(test|spec|stories)\.[cm]?[jt]sx?$|\.test-d\.ts$/;
const TEXT_FILE = /\.(m?js|cjs|map|d\.m?ts|json|css|md)$/;
/** `/home/…`, `file:///…`, `C:\…` or `C:/…`, `\\server\…`. */
const ABSOLUTE = /^(\/|file:|[A-Za-z]:[\\/]|\\\\)/;

/**
 * @param {string[]} files the tarball's paths, relative to the package folder
 * @param {(path: string) => string} read a packed file's text
 * @param {string} packedFrom the absolute folder the tarball was made from
 * @returns {string[]} one sentence per problem
 */
export function packageContentProblems(files, read, packedFrom) {
  /** @type {string[]} */
  const problems = [];
  const folder = packedFrom.replace(/[\\/]+$/, '');
  for (const file of files) {
    if (TEST_FOLDER.test(file) || TEST_FILE.test(file)) {
      problems.push(`${file}: a test, fixture or story is published (leave it out of package.json "files")`);
      continue;
    }
    if (!TEXT_FILE.test(file)) continue;
    const text = read(file);
    if (file.endsWith('.map')) {
      /** @type {{ sources?: unknown, sourceRoot?: unknown }} */
      let map;
      try {
        map = JSON.parse(text);
      } catch {
        problems.push(`${file}: a source map that is not JSON`);
        continue;
      }
      const sources = Array.isArray(map.sources) ? map.sources.map(String) : [];
      const absolute = [...(typeof map.sourceRoot === 'string' ? [map.sourceRoot] : []), ...sources].filter((path) => ABSOLUTE.test(path));
      if (absolute.length > 0) problems.push(`${file}: a source map with absolute paths (${absolute.slice(0, 3).join(', ')})`);
    }
    if (folder.length > 1 && text.includes(folder)) problems.push(`${file}: contains the absolute path it was packed from (${folder})`);
  }
  return problems;
}

/**
 * The same, read from a tarball `npm pack` made: what a user gets, not what the folder holds.
 * @param {string} tarball
 * @param {string[]} files its paths (from `npm pack --json`)
 * @param {string} packedFrom
 */
export function tarballContentProblems(tarball, files, packedFrom) {
  const dir = mkdtempSync(join(tmpdir(), 'acp-react-unpacked-'));
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', dir]);
    return packageContentProblems(files, (path) => readFileSync(join(dir, 'package', path), 'utf8'), packedFrom);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
