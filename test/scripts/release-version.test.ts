/**
 * scripts/release-version.mjs, the release step CONTRIBUTING.md describes: the hand-written
 * "Unreleased" entries become the version's section, and nothing is released without entries.
 */
import { describe, expect, it } from 'vitest';
import { cutRelease, nextVersion, withVersion } from '../../scripts/release-version.mjs';

const changelog = [
  '# Changelog',
  '',
  'All notable changes are recorded here. Add your change under "Unreleased".',
  '',
  '## [Unreleased]',
  '',
  '### Added',
  '',
  '- **Mentions**: `@` in the prompt.',
  '',
  '## [0.1.0] - 2025-01-02',
  '',
  '### Added',
  '',
  '- The first release.',
  '',
].join('\n');

describe('release-version', () => {
  it('moves the Unreleased entries under the version, with an empty Unreleased above', () => {
    const cut = cutRelease(changelog, '0.2.0', '2025-03-04');
    expect(cut).toContain('## [Unreleased]\n\n## [0.2.0] - 2025-03-04\n\n### Added\n\n- **Mentions**: `@` in the prompt.\n\n## [0.1.0] - 2025-01-02');
    expect(cut.startsWith('# Changelog\n\nAll notable changes are recorded here.')).toBe(true);
  });

  it('refuses a release with nothing under Unreleased, or a version already released', () => {
    const empty = cutRelease(changelog, '0.2.0', '2025-03-04');
    expect(() => cutRelease(empty, '0.3.0', '2025-03-05')).toThrow(/nothing to release/);
    expect(() => cutRelease(changelog, '0.1.0', '2025-03-05')).toThrow(/already has a section for 0\.1\.0/);
    expect(() => cutRelease('# Changelog\n', '0.2.0', '2025-03-05')).toThrow(/no "## \[Unreleased\]" section/);
  });

  it('bumps by name or takes a higher version', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.3', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.4.3', 'major')).toBe('1.0.0');
    expect(nextVersion('0.4.3', '1.0.0')).toBe('1.0.0');
    expect(() => nextVersion('0.4.3', '0.4.3')).toThrow(/not above/);
    expect(() => nextVersion('0.4.3', '0.3.9')).toThrow(/not above/);
    expect(() => nextVersion('0.4.3', 'next')).toThrow(/not patch, minor, major/);
  });

  it('sets the version in package.json and in both places of the lockfile', () => {
    const lock = JSON.parse(withVersion(JSON.stringify({ name: 'acp-react', version: '0.1.0', packages: { '': { version: '0.1.0' } } }), '0.2.0', 'lock'));
    expect([lock.version, lock.packages[''].version]).toEqual(['0.2.0', '0.2.0']);
    expect(withVersion('{"name":"acp-react","version":"0.1.0"}', '0.2.0', 'package')).toBe('{\n  "name": "acp-react",\n  "version": "0.2.0"\n}\n');
  });
});
