#!/usr/bin/env node
/**
 * Checks the tarball `npm pack` makes, as a user would get it:
 * - publint (strict: warnings fail): exports that point at missing or mis-typed files, files not
 *   published, bins that are not executable...
 * - are-the-types-wrong (`attw`), ESM-only profile: every entry's types resolve under Node 16+ ESM
 *   and bundler resolution. CommonJS `require` is out of scope: the package is ESM only.
 *   `./styles.css` is not a module, so it is left out of that check (publint still checks it).
 * - what a newcomer needs is in it: LICENSE, README and both bins.
 * - nothing that must not ship (scripts/lib/package-contents.mjs): no test, fixture or story, no
 *   source map or file carrying an absolute path.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packTarball, ROOT } from './lib/pack.mjs';
import { tarballContentProblems } from './lib/package-contents.mjs';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { tarball, files } = packTarball();
const problems = [];

try {
  const required = ['LICENSE', 'README.md', ...Object.values(pkg.bin).map((path) => String(path).replace(/^\.\//, ''))];
  for (const file of required) if (!files.includes(file)) problems.push(`the tarball lacks ${file}`);
  const contents = tarballContentProblems(tarball, files, ROOT);
  problems.push(...contents);
  console.log(`contents: ${contents.length} test, fixture or story file(s) or absolute path(s) in ${files.length} files`);

  const data = readFileSync(tarball);
  const { messages } = await publint({
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    strict: true,
    level: 'suggestion',
  });
  for (const message of messages) {
    const text = `publint ${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`;
    if (message.type === 'suggestion') console.log(text);
    else problems.push(text);
  }
  console.log(`publint: ${messages.filter((m) => m.type !== 'suggestion').length} error(s) or warning(s)`);

  try {
    execFileSync(
      join(ROOT, 'node_modules/.bin/attw'),
      [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './styles.css', '--format', 'table-flipped', '--no-color'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
  } catch {
    problems.push('are-the-types-wrong found problems (above)');
  }
} finally {
  rmSync(dirname(tarball), { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\nThe package tarball has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`The tarball (${files.length} files) passes publint and are-the-types-wrong, and holds no tests, fixtures or absolute paths.`);
