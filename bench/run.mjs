#!/usr/bin/env node
/**
 * `npm run bench`: runs every `bench/*.bench.{mjs,js,cjs}`, one child process each, in name
 * order, and merges their sections into `bench/RESULTS.md`.
 *
 *   npm run bench                      every benchmark
 *   npm run bench -- store bundle      only those whose file name contains "store" or "bundle"
 *   npm run bench -- --quick           flags are passed on to every benchmark
 *
 * A benchmark owns named sections of RESULTS.md and replaces only those, so benchmarks written
 * and run by different people never clobber each other. It can either
 *   - call `writeSections([{ name, markdown }])` from `bench/lib/results.mjs`, or
 *   - print `<!-- bench:NAME:start -->` … `<!-- bench:NAME:end -->` blocks on stdout: the runner
 *     merges them (section names: lowercase letters, digits, `.`, `_`, `-`).
 * Benchmarks record figures; they never assert. The runner exits non-zero only when a benchmark
 * process crashes.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, writeSections } from './lib/results.mjs';

const args = process.argv.slice(2);
const filters = args.filter((a) => !a.startsWith('-'));
const flags = args.filter((a) => a.startsWith('-'));

const files = readdirSync(benchDir)
  .filter((f) => /\.bench\.(mjs|js|cjs)$/.test(f))
  .filter((f) => filters.length === 0 || filters.some((q) => f.includes(q)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ') || '(none found)'} in bench/.`);
  process.exit(1);
}

const SECTION = /<!-- bench:([a-z0-9][a-z0-9._-]*):start -->\n?([\s\S]*?)<!-- bench:\1:end -->/g;

function run(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.error(`\n▶ ${file}`);
    // --expose-gc lets a benchmark settle the heap between phases if it wants to.
    const child = spawn(process.execPath, ['--expose-gc', join(benchDir, file), ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      process.stdout.write(data);
    });
    child.on('close', (code, signal) => {
      const sections = [...out.matchAll(SECTION)].map((m) => ({ name: m[1], markdown: m[2] }));
      if (sections.length) writeSections(sections);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.error(`${code === 0 ? '✓' : '✗'} ${file} (${seconds} s${sections.length ? `, ${sections.length} section(s) from stdout merged` : ''})`);
      resolve({ file, ok: code === 0, code, signal });
    });
  });
}

const results = [];
for (const file of files) results.push(await run(file));
const failed = results.filter((r) => !r.ok);
console.error(`\n${results.length - failed.length}/${results.length} benchmarks ran; results in bench/RESULTS.md.`);
if (failed.length) {
  console.error(`Crashed: ${failed.map((r) => `${r.file} (${r.signal ?? `exit ${r.code}`})`).join(', ')}`);
  process.exit(1);
}
