/**
 * Workspace files as `@` mentions, for any host with a list of files: an editor's index, an
 * in-memory workspace, the files the agent has named. Each file is a `file://` URI labelled with
 * its path under the workspace root (`src/greeting.ts`): the label is also what the agent reads
 * in the prompt's text, so it names one file, unlike a bare file name. With `read`, the file's
 * text is embedded when the agent takes embedded context; without it (the files are on the
 * agent's own disk, which the host cannot read) every mention goes as a `resource_link`.
 */
import { normalizePath } from '../paths.js';
import type { MentionContent, MentionGroup, MentionItem, MentionRef, MentionSearchOptions, MentionSource } from './types.js';

/** The `kind` of a file mention (its chip and menu glyph). */
export const FILE_MENTION_KIND = 'file';

/** Default most files one search lists. */
export const DEFAULT_FILE_MENTION_LIMIT = 50;

export interface FileMentionSourceOptions {
  /** The workspace root (the session's `cwd`): files under it are labelled by their path from it. */
  root: string;
  /** The group's heading in the menu (`Files`), in the host's language. */
  heading: string;
  /**
   * The files to offer, as absolute paths, called on every search. Paths are normalized and
   * listed once; anything that is not an absolute path is skipped.
   */
  list(options: MentionSearchOptions): readonly string[] | Promise<readonly string[]>;
  /**
   * A file's content, read when the prompt is sent to an agent that takes embedded context: its
   * text (sent as `text/plain`), or a `MentionContent` with its own MIME type. Throw when it cannot
   * be read: the mention goes as a link, and a note tells the user why. Leave it out when the host
   * cannot read the files (they are on the agent's disk).
   */
  read?(path: string, options: MentionSearchOptions): string | MentionContent | Promise<string | MentionContent>;
  /** Most files one search lists (default 50). */
  limit?: number;
}

/**
 * The `file://` URI of an absolute path (POSIX, or Windows with a drive letter): each segment
 * percent-encoded, so spaces, `#`, `?` and `%` in names survive the trip.
 */
export function fileUriOf(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/') ? slashed : `/${slashed}`;
  const encoded = absolute
    .split('/')
    .map((segment, i) => (i === 1 && /^[A-Za-z]:$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('/');
  return `file://${encoded}`;
}

/**
 * The local path a `file://` URI names (its fragment and query left out), or null: another scheme,
 * a file on another host, a malformed URI.
 */
export function filePathOf(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'file:' || (url.hostname !== '' && url.hostname !== 'localhost')) return null;
  let path: string;
  try {
    path = url.pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

interface Entry {
  item: MentionItem;
  /** The label and the file name, lowercased, for matching. */
  label: string;
  name: string;
}

/** How well an entry matches: its name starts with the query, contains it, its path contains it; null when it does not. */
function rank(entry: Entry, query: string): number | null {
  if (entry.name.startsWith(query)) return 0;
  if (entry.name.includes(query)) return 1;
  if (entry.label.includes(query)) return 2;
  return null;
}

function entries(paths: readonly string[], root: string): Entry[] {
  const base = root.endsWith('/') ? root : `${root}/`;
  const seen = new Map<string, Entry>();
  for (const raw of paths) {
    const path = typeof raw === 'string' ? normalizePath(raw) : null;
    if (path === null || path === root || seen.has(path)) continue;
    const label = path.startsWith(base) ? path.slice(base.length) : path;
    const item: MentionItem = { uri: fileUriOf(path), label, kind: FILE_MENTION_KIND };
    seen.set(path, { item, label: label.toLowerCase(), name: (label.split('/').at(-1) ?? label).toLowerCase() });
  }
  return [...seen.values()];
}

/** A `MentionSource` over the host's files (see the module comment). */
export function createFileMentionSource(options: FileMentionSourceOptions): MentionSource {
  const root = normalizePath(options.root);
  if (root === null) throw new TypeError(`createFileMentionSource: the root must be an absolute path, not ${JSON.stringify(options.root)}.`);
  const limit = options.limit ?? DEFAULT_FILE_MENTION_LIMIT;
  const source: MentionSource = {
    async search(query, searchOptions): Promise<MentionGroup[]> {
      const q = query.toLowerCase();
      const ranked = entries(await options.list(searchOptions), root)
        .map((entry) => ({ entry, rank: rank(entry, q) }))
        .filter((r): r is { entry: Entry; rank: number } => r.rank !== null)
        // Best match first; then the shorter path (the file itself before its tests), then by path.
        .sort(
          (a, b) =>
            a.rank - b.rank || a.entry.label.length - b.entry.label.length || (a.entry.label < b.entry.label ? -1 : a.entry.label > b.entry.label ? 1 : 0),
        )
        .slice(0, limit);
      return ranked.length > 0 ? [{ label: options.heading, items: ranked.map((r) => r.entry.item) }] : [];
    },
  };
  const read = options.read;
  if (read) {
    source.read = async (mention: MentionRef, readOptions): Promise<MentionContent> => {
      const path = filePathOf(mention.uri);
      if (path === null) throw new Error(`Not a file URI: ${mention.uri}`);
      const content = await read(path, readOptions);
      return typeof content === 'string' ? { text: content } : content;
    };
  }
  return source;
}
