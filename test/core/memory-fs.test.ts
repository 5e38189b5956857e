import { describe, expect, it } from 'vitest';
import { AcpClientError, ErrorCodes } from '../../src/core/errors.js';
import { createMemoryFs } from '../../src/core/devtools/memory-fs.js';

const roots = ['/workspace'];
const ctx = (path: string, r: readonly string[] = roots) => ({ sessionId: 's', path, roots: r, signal: new AbortController().signal });

function errorOf(fn: () => unknown): AcpClientError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AcpClientError);
    return error as AcpClientError;
  }
  throw new Error('expected a throw');
}

describe('createMemoryFs', () => {
  it('reads files, normalizing the initial paths', () => {
    const fs = createMemoryFs({ files: { '/workspace//src/./a.ts': 'export {}', '/workspace/README.md': '# hi' } });
    expect(fs.readTextFile(ctx('/workspace/src/a.ts'))).toBe('export {}');
    expect(fs.read('/workspace/README.md')).toBe('# hi');
    expect(fs.list()).toEqual(['/workspace/README.md', '/workspace/src/a.ts']);
  });

  it('a missing file is -32002 (resource not found)', () => {
    const fs = createMemoryFs({ files: {} });
    const error = errorOf(() => fs.readTextFile(ctx('/workspace/nope.txt')));
    expect(error.code).toBe(ErrorCodes.resourceNotFound);
    expect(error.code).toBe(-32002);
    expect(error.message).toMatch(/nope\.txt/);
  });

  it('is read-only unless writable: no writeTextFile at all', () => {
    expect(createMemoryFs().writeTextFile).toBeUndefined();
    expect(createMemoryFs({ writable: false }).writeTextFile).toBeUndefined();
    expect(createMemoryFs({ writable: true }).writeTextFile).toBeTypeOf('function');
  });

  it('writes when writable, and subscribers hear about every change', async () => {
    const fs = createMemoryFs({ writable: true, files: { '/workspace/a.txt': 'old' } });
    const heard: string[] = [];
    const unsubscribe = fs.subscribe((p) => heard.push(p));
    await fs.writeTextFile!(ctx('/workspace/a.txt'), 'new');
    await fs.writeTextFile!(ctx('/workspace/dir/../b.txt'), 'b');
    fs.write('/workspace/c.txt', 'host write');
    expect(fs.readTextFile(ctx('/workspace/a.txt'))).toBe('new');
    expect(fs.read('/workspace/b.txt')).toBe('b');
    expect(heard).toEqual(['/workspace/a.txt', '/workspace/b.txt', '/workspace/c.txt']);
    unsubscribe();
    fs.write('/workspace/d.txt', 'x');
    expect(heard).toHaveLength(3);
  });

  it('refuses a symlink inside the workspace that points outside it', async () => {
    const fs = createMemoryFs({
      writable: true,
      files: { '/etc/passwd': 'root:x:0:0', '/workspace/ok.txt': 'fine' },
      symlinks: { '/workspace/etc': '/etc', '/workspace/secret': '/etc/passwd' },
    });
    for (const path of ['/workspace/etc/passwd', '/workspace/secret']) {
      const error = errorOf(() => fs.readTextFile(ctx(path)));
      expect(error.code).toBe(ErrorCodes.invalidParams);
      expect(error.message).toMatch(/outside the workspace/);
    }
    await expect(async () => fs.writeTextFile!(ctx('/workspace/secret'), 'pwned')).rejects.toThrow(/outside the workspace/);
    expect(fs.read('/etc/passwd')).toBe('root:x:0:0');
    expect(fs.readTextFile(ctx('/workspace/ok.txt'))).toBe('fine');
  });

  it('follows symlinks that stay inside the roots, including chains and additional roots', () => {
    const fs = createMemoryFs({
      files: { '/workspace/real/docs/a.md': 'A', '/data/b.csv': 'B' },
      symlinks: { '/workspace/docs': '/workspace/link2', '/workspace/link2': '/workspace/real/docs', '/workspace/data': '/data' },
    });
    expect(fs.readTextFile(ctx('/workspace/docs/a.md'))).toBe('A');
    expect(fs.readTextFile(ctx('/workspace/data/b.csv', ['/workspace', '/data']))).toBe('B');
    expect(() => fs.readTextFile(ctx('/workspace/data/b.csv'))).toThrow(/outside the workspace/);
  });

  it('options.roots restricts access whatever the session declares', () => {
    const fs = createMemoryFs({ roots: ['/workspace/public'], files: { '/workspace/private.txt': 'p', '/workspace/public/a.txt': 'a' } });
    expect(fs.readTextFile(ctx('/workspace/public/a.txt'))).toBe('a');
    expect(() => fs.readTextFile(ctx('/workspace/private.txt'))).toThrow(/outside the workspace/);
  });

  it.each([
    ['a two-link loop', { '/workspace/a': '/workspace/b', '/workspace/b': '/workspace/a' }, '/workspace/a/file'],
    ['a link to itself', { '/workspace/self': '/workspace/self' }, '/workspace/self'],
    ['a link into itself', { '/workspace/deep': '/workspace/deep/deeper' }, '/workspace/deep'],
  ])('%s is an error, not a hang or a silent miss', (_label, symlinks, path) => {
    const fs = createMemoryFs({ writable: true, symlinks });
    const error = errorOf(() => fs.readTextFile(ctx(path)));
    expect(error.code).toBe(ErrorCodes.invalidParams);
    expect(error.message).toMatch(/symbolic links/);
    expect(() => fs.write(path, 'x')).toThrow(/symbolic links/);
  });

  it('refuses relative or malformed paths', () => {
    const fs = createMemoryFs({ files: { '/workspace/a': 'a' } });
    expect(errorOf(() => fs.readTextFile(ctx('a'))).code).toBe(ErrorCodes.invalidParams);
    expect(errorOf(() => fs.readTextFile(ctx('/workspace/a\0'))).code).toBe(ErrorCodes.invalidParams);
    expect(() => createMemoryFs({ files: { 'relative.txt': '' } })).toThrow(AcpClientError);
  });
});
