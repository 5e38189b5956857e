#!/usr/bin/env node
/**
 * Builds the package: the ESM library with Vite (entries `acp-react`, `acp-react/core` and
 * `acp-react/devtools`),
 * type declarations with tsc (also for the Node-only `acp-react/bridge` and `acp-react/demo-agent`), and `dist/styles.css` (the tokens plus every component's sheet,
 * the same set Storybook and the playground load through `src/styles/index.ts`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name);
/** @param {string} cmd @param {string[]} args */
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

run(bin('vite'), ['build', '--logLevel', 'warn']);
run(bin('tsc'), ['-p', 'tsconfig.build.json']);
// The Node-only entries (acp-react/bridge, acp-react/demo-agent) are JavaScript with JSDoc types.
run(bin('tsc'), ['-p', 'tsconfig.node-entries.json']);

/**
 * @param {string} dir
 * @returns {string[]}
 */
function cssFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return cssFiles(path);
      return name.endsWith('.css') ? [path] : [];
    });
}
const sheets = [join(root, 'src/styles/tokens.css'), ...cssFiles(join(root, 'src/components')), ...cssFiles(join(root, 'src/panels'))];
const css = sheets.map((file) => `/* ${relative(root, file)} */\n${readFileSync(file, 'utf8').trim()}\n`).join('\n');
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(join(root, 'dist/styles.css'), css);
console.log(`built dist/ (${sheets.length} stylesheets in dist/styles.css)`);
