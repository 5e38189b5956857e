/**
 * Workspace path checks for agent file requests. ACP paths must be absolute; a request may only
 * touch files under the session's roots (`cwd` plus `additionalDirectories`). Paths are
 * normalized lexically first, so `..`, `.`, repeated separators and backslashes cannot walk out
 * of a root, and `/workspace-evil` is not inside `/workspace`.
 */

export function normalizePath(path: string): string | null {
  if (typeof path !== 'string' || path.length === 0 || path.includes('\0')) return null;
  let p = path.replace(/\\/g, '/');
  let prefix = '';
  const drive = /^([A-Za-z]):\//.exec(p);
  if (drive) {
    prefix = `${drive[1]!.toUpperCase()}:`;
    p = p.slice(2);
  }
  if (!p.startsWith('/')) return null;
  const parts: string[] = [];
  for (const segment of p.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      // Walking above the filesystem root is refused rather than clamped: it is always a trick.
      if (parts.length === 0) return null;
      parts.pop();
      continue;
    }
    parts.push(segment);
  }
  return `${prefix}/${parts.join('/')}`;
}

export function isWithin(root: string, path: string): boolean {
  if (root === path) return true;
  const base = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(base);
}

/** The normalized path when it lies under one of `roots`, otherwise null. */
export function resolveInRoots(path: string, roots: readonly string[]): string | null {
  const normalized = normalizePath(path);
  if (normalized === null) return null;
  for (const root of roots) {
    const normalizedRoot = normalizePath(root);
    if (normalizedRoot !== null && isWithin(normalizedRoot, normalized)) return normalized;
  }
  return null;
}
