#!/usr/bin/env node
/**
 * `npm run release:version -- <patch|minor|major|x.y.z>`: cuts a release from CHANGELOG.md. The
 * entries under "## [Unreleased]" (written by hand, in the commit that makes each change) become
 * "## [x.y.z] - YYYY-MM-DD", a new empty "Unreleased" goes above them, and package.json and
 * package-lock.json take the version. Nothing to release (no entry under Unreleased) is an error.
 * Then: review the diff, `npm test`, commit "Release x.y.z", tag `vx.y.z`, `npm publish`
 * (CONTRIBUTING.md, "Releases").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;
const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/**
 * The version after `current` for a bump, or `bump` itself when it is a version above `current`.
 * @param {string} current
 * @param {string} bump `patch`, `minor`, `major` or `x.y.z`
 */
export function nextVersion(current, bump) {
  const parts = SEMVER.exec(current);
  if (!parts) throw new Error(`package.json's version "${current}" is not x.y.z`);
  const [major, minor, patch] = parts.slice(1).map(Number);
  if (bump === 'major') return `${(major ?? 0) + 1}.0.0`;
  if (bump === 'minor') return `${major}.${(minor ?? 0) + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${(patch ?? 0) + 1}`;
  const given = SEMVER.exec(bump);
  if (!given) throw new Error(`"${bump}" is not patch, minor, major or a version x.y.z`);
  const order = (/** @type {RegExpExecArray} */ v) => v.slice(1).map(Number);
  const [a, b] = [order(given), order(parts)];
  const newer = a.findIndex((n, i) => n !== b[i]);
  if (newer === -1 || (a[newer] ?? 0) < (b[newer] ?? 0)) throw new Error(`${bump} is not above the current version ${current}`);
  return bump;
}

/**
 * The changelog with its Unreleased entries moved under the version.
 * @param {string} changelog CHANGELOG.md's text
 * @param {string} version
 * @param {string} date YYYY-MM-DD
 */
export function cutRelease(changelog, version, date) {
  const heading = UNRELEASED.exec(changelog);
  if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" section');
  const start = heading.index + heading[0].length;
  const nextRelease = changelog.slice(start).search(/^## \[/m);
  const body = nextRelease === -1 ? changelog.slice(start) : changelog.slice(start, start + nextRelease);
  if (!/^\s*- /m.test(body)) throw new Error('Nothing under "## [Unreleased]" in CHANGELOG.md: there is nothing to release');
  if (new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\]`, 'm').test(changelog)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
  return `${changelog.slice(0, heading.index)}## [Unreleased]\n\n## [${version}] - ${date}\n${changelog.slice(start)}`;
}

/**
 * The package manifest or lockfile text with the package's own version set.
 * @param {string} text
 * @param {string} version
 * @param {'package' | 'lock'} kind
 */
export function withVersion(text, version, kind) {
  const json = JSON.parse(text);
  json.version = version;
  if (kind === 'lock' && json.packages?.['']) json.packages[''].version = version;
  return `${JSON.stringify(json, null, 2)}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bump = process.argv[2];
  if (!bump) {
    console.error('Usage: npm run release:version -- <patch|minor|major|x.y.z>');
    process.exit(1);
  }
  try {
    const pkgPath = join(ROOT, 'package.json');
    const lockPath = join(ROOT, 'package-lock.json');
    const changelogPath = join(ROOT, 'CHANGELOG.md');
    const pkgText = readFileSync(pkgPath, 'utf8');
    const version = nextVersion(JSON.parse(pkgText).version, bump);
    const changelog = cutRelease(readFileSync(changelogPath, 'utf8'), version, new Date().toISOString().slice(0, 10));
    writeFileSync(changelogPath, changelog);
    writeFileSync(pkgPath, withVersion(pkgText, version, 'package'));
    writeFileSync(lockPath, withVersion(readFileSync(lockPath, 'utf8'), version, 'lock'));
    console.log(
      `Version ${version}: CHANGELOG.md, package.json and package-lock.json updated. Review, npm test, commit "Release ${version}", tag v${version}.`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
