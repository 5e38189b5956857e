import { describe, expect, it } from 'vitest';
import { isWithin, normalizePath, resolveInRoots } from '../../src/core/paths.js';

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['/a/b/c', '/a/b/c'],
    ['/a/b/../c', '/a/c'],
    ['/a/./b/.', '/a/b'],
    ['/a//b///c', '/a/b/c'],
    ['/a/b/', '/a/b'],
    ['/a/b/..', '/a'],
    ['/a/..', '/'],
    ['/a/...', '/a/...'],
    ['\\a\\b\\..\\c', '/a/c'],
    ['/a\\b/c', '/a/b/c'],
    ['C:\\Users\\me\\proj', 'C:/Users/me/proj'],
    ['c:/Users/me/../you', 'C:/Users/you'],
    ['C:\\', 'C:/'],
    ['d:/', 'D:/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['an empty path', ''],
    ['a relative path', 'src/index.ts'],
    ['a dot-relative path', './src'],
    ['a parent-relative path', '../etc/passwd'],
    ['a bare drive', 'C:'],
    ['a drive-relative path', 'C:proj\\x'],
    ['a NUL byte', '/workspace/a\0.txt'],
    ['walking above the root', '/..'],
    ['walking above the root later', '/a/../../etc'],
    ['walking above a drive root', 'C:\\..\\Windows'],
    ['a file URI', 'file:///etc/passwd'],
  ])('%s is refused', (_label, input) => {
    expect(normalizePath(input)).toBeNull();
  });

  it('refuses non-strings from an untrusted peer', () => {
    expect(normalizePath(42 as unknown as string)).toBeNull();
    expect(normalizePath(null as unknown as string)).toBeNull();
  });

  it('is idempotent', () => {
    for (const p of ['/a/b/../c', 'C:\\x\\.\\y', '/a//b/', '/']) {
      const once = normalizePath(p)!;
      expect(normalizePath(once)).toBe(once);
    }
  });
});

describe('isWithin', () => {
  it('is segment-aware', () => {
    expect(isWithin('/workspace', '/workspace')).toBe(true);
    expect(isWithin('/workspace', '/workspace/a')).toBe(true);
    expect(isWithin('/workspace/', '/workspace/a')).toBe(true);
    expect(isWithin('/workspace', '/workspace-evil')).toBe(false);
    expect(isWithin('/workspace', '/workspaces/a')).toBe(false);
    expect(isWithin('/', '/anything')).toBe(true);
  });
});

describe('resolveInRoots', () => {
  const roots = ['/workspace'];

  it('returns the normalized path inside a root', () => {
    expect(resolveInRoots('/workspace/src/../README.md', roots)).toBe('/workspace/README.md');
    expect(resolveInRoots('/workspace', roots)).toBe('/workspace');
    expect(resolveInRoots('/workspace//src/./a.ts', roots)).toBe('/workspace/src/a.ts');
  });

  it('refuses a sibling whose name only starts with the root', () => {
    expect(resolveInRoots('/workspace-evil/x', roots)).toBeNull();
    expect(resolveInRoots('/workspace-evil', roots)).toBeNull();
  });

  it('refuses walking out with ..', () => {
    expect(resolveInRoots('/workspace/../etc/passwd', roots)).toBeNull();
    expect(resolveInRoots('/workspace/a/../../etc', roots)).toBeNull();
    expect(resolveInRoots('/workspace\\..\\etc\\passwd', roots)).toBeNull();
  });

  it('refuses relative paths, even ones that would land inside', () => {
    expect(resolveInRoots('src/a.ts', roots)).toBeNull();
    expect(resolveInRoots('workspace/a.ts', roots)).toBeNull();
  });

  it('accepts paths in additional roots and nowhere else', () => {
    const all = ['/workspace', '/data/shared'];
    expect(resolveInRoots('/data/shared/x.csv', all)).toBe('/data/shared/x.csv');
    expect(resolveInRoots('/data/other.csv', all)).toBeNull();
    expect(resolveInRoots('/data/shared/../other.csv', all)).toBeNull();
  });

  it('normalizes the roots too and ignores invalid ones', () => {
    expect(resolveInRoots('/workspace/a', ['/workspace/./'])).toBe('/workspace/a');
    expect(resolveInRoots('/workspace/a', ['/other/../workspace'])).toBe('/workspace/a');
    expect(resolveInRoots('/workspace/a', ['relative', ''])).toBeNull();
    expect(resolveInRoots('/workspace/a', [])).toBeNull();
  });

  it('handles Windows drive roots', () => {
    const win = ['C:\\Users\\me\\proj'];
    expect(resolveInRoots('c:/Users/me/proj/src/main.rs', win)).toBe('C:/Users/me/proj/src/main.rs');
    expect(resolveInRoots('C:\\Users\\me\\proj2\\x', win)).toBeNull();
    expect(resolveInRoots('D:\\Users\\me\\proj\\x', win)).toBeNull();
    expect(resolveInRoots('/Users/me/proj/x', win)).toBeNull();
  });
});
