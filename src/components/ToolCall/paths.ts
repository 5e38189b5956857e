/**
 * A short label for a path: relative to `cwd` when inside it, otherwise the last two segments
 * behind an ellipsis. The full path is always available as the element's title.
 */
export function shortenPath(path: string, cwd?: string | null): string {
  if (cwd) {
    const root = cwd.replace(/[\\/]+$/, '');
    if (path.startsWith(`${root}/`) || path.startsWith(`${root}\\`)) return path.slice(root.length + 1);
  }
  const segments = path.split(/[\\/]/).filter(Boolean);
  if (segments.length <= 3) return path;
  return `…/${segments.slice(-2).join('/')}`;
}
