/**
 * An in-memory workspace implementing `FsAdapter`: for playgrounds, notebooks and tests.
 * Symlinks are modelled so that a link pointing outside the roots is refused after resolution,
 * the way a real filesystem bridge must behave. Writes are refused unless `writable` is set.
 */
import type { FsAdapter, FsRequestContext } from '../api.js';
import { AcpClientError, ErrorCodes } from '../errors.js';
import { normalizePath, resolveInRoots } from '../paths.js';

export interface MemoryFsOptions {
  /** Initial files by absolute path. */
  files?: Record<string, string>;
  /** Symlinks by absolute path to their absolute target. */
  symlinks?: Record<string, string>;
  /** Allows `fs/write_text_file`. Default false. */
  writable?: boolean;
  /**
   * Extra restriction on top of the session roots the client enforces: when set, only paths
   * under these roots are served, whatever roots a session declares.
   */
  roots?: string[];
}

export interface MemoryFs extends FsAdapter {
  read(path: string): string | undefined;
  write(path: string, content: string): void;
  list(): string[];
  /** Notified after every change (agent writes included), e.g. to refresh a file tree. */
  subscribe(listener: (path: string) => void): () => void;
}

const MAX_LINK_DEPTH = 16;

export function createMemoryFs(options: MemoryFsOptions = {}): MemoryFs {
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const listeners = new Set<(path: string) => void>();
  for (const [path, content] of Object.entries(options.files ?? {})) files.set(mustNormalize(path), content);
  for (const [path, target] of Object.entries(options.symlinks ?? {})) links.set(mustNormalize(path), mustNormalize(target));

  /** Follows symlinks on every path prefix, then re-checks the result against the roots. */
  const resolve = (path: string, sessionRoots?: readonly string[]): string => {
    let current = mustNormalize(path);
    for (let depth = 0; depth < MAX_LINK_DEPTH; depth++) {
      // "No link on the path" is told apart explicitly: a link to itself resolves to the same
      // string and must count as a loop, not as a plain file.
      const next = followOnce(current);
      if (next === null) return checkRoots(current, sessionRoots);
      current = next;
    }
    throw new AcpClientError(ErrorCodes.invalidParams, `Too many symbolic links resolving ${path}.`);
  };

  /** Resolves the longest symlink prefix of `path` once; null when no prefix is a link. */
  const followOnce = (path: string): string | null => {
    const segments = path.split('/');
    for (let i = segments.length; i > 1; i--) {
      const prefix = segments.slice(0, i).join('/');
      const target = links.get(prefix);
      if (target !== undefined) return mustNormalize(`${target}/${segments.slice(i).join('/')}`);
    }
    return null;
  };

  const checkRoots = (path: string, sessionRoots?: readonly string[]): string => {
    for (const roots of [options.roots, sessionRoots]) {
      if (roots && resolveInRoots(path, roots) === null) {
        throw new AcpClientError(ErrorCodes.invalidParams, `Access denied: ${path} is outside the workspace.`);
      }
    }
    return path;
  };

  const notify = (path: string) => {
    for (const listener of [...listeners]) listener(path);
  };

  const fs: MemoryFs = {
    readTextFile({ path, roots }: FsRequestContext) {
      const resolved = resolve(path, roots);
      const content = files.get(resolved);
      if (content === undefined) {
        throw new AcpClientError(ErrorCodes.resourceNotFound, `File not found: ${path}`, { uri: `file://${path}` });
      }
      return content;
    },
    read: (path) => files.get(resolve(path)),
    write(path, content) {
      const resolved = resolve(path);
      files.set(resolved, content);
      notify(resolved);
    },
    list: () => [...files.keys()].sort(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  if (options.writable) {
    fs.writeTextFile = ({ path, roots }: FsRequestContext, content: string) => {
      const resolved = resolve(path, roots);
      files.set(resolved, content);
      notify(resolved);
    };
    // For the change review: undoing a file the agent created.
    fs.deleteTextFile = ({ path, roots }: FsRequestContext) => {
      const resolved = resolve(path, roots);
      if (files.delete(resolved)) notify(resolved);
    };
  }
  return fs;
}

function mustNormalize(path: string): string {
  const normalized = normalizePath(path);
  if (normalized === null) {
    throw new AcpClientError(ErrorCodes.invalidParams, `Not an absolute path: ${JSON.stringify(path)}`);
  }
  return normalized;
}
