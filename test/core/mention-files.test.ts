/**
 * Files as `@` mentions (`createFileMentionSource`): what a search lists and in which order, the
 * `file://` URIs the mentions carry (and the paths read back from them), and what the agent
 * receives for a mention, with and without a way for the host to read the file.
 */
import { describe, expect, it, vi } from 'vitest';
import { resolveMentionBlocks } from '../../src/core/mentions/blocks.js';
import { createFileMentionSource, filePathOf, fileUriOf } from '../../src/core/mentions/files.js';
import type { MentionGroup } from '../../src/core/mentions/types.js';

const signal = new AbortController().signal;
const FILES = [
  '/workspace/README.md',
  '/workspace/src/greeting.test.ts',
  '/workspace/src/greeting.ts',
  '/workspace/src/format.ts',
  '/workspace/docs/agreement.md',
];
const labels = (groups: readonly MentionGroup[]) => groups.flatMap((g) => g.items.map((i) => i.label));

describe('createFileMentionSource', () => {
  const source = createFileMentionSource({ root: '/workspace', heading: 'Files', list: () => FILES, read: (path) => `text of ${path}` });

  it('lists matching files by their path under the root: names starting with the query first, then names containing it, then paths', async () => {
    expect(labels(await source.search('gree', { signal }))).toEqual(['src/greeting.ts', 'src/greeting.test.ts', 'docs/agreement.md']);
    expect(labels(await source.search('SRC/', { signal }))).toEqual(['src/format.ts', 'src/greeting.ts', 'src/greeting.test.ts']);
    const [group] = await source.search('greeting.ts', { signal });
    expect(group).toEqual({ label: 'Files', items: [{ uri: 'file:///workspace/src/greeting.ts', label: 'src/greeting.ts', kind: 'file' }] });
  });

  it('lists every file for an empty query, shortest path first, up to the limit; nothing matching gives no group', async () => {
    expect(labels(await source.search('', { signal }))).toEqual(['README.md', 'src/format.ts', 'src/greeting.ts', 'docs/agreement.md', 'src/greeting.test.ts']);
    const two = createFileMentionSource({ root: '/workspace', heading: 'Files', list: () => FILES, limit: 2 });
    expect(labels(await two.search('', { signal }))).toEqual(['README.md', 'src/format.ts']);
    expect(await source.search('zzz', { signal })).toEqual([]);
  });

  it('lists each file once, normalized; a file outside the root by its whole path; skips what is not an absolute path', async () => {
    const odd = createFileMentionSource({
      root: '/workspace/',
      heading: 'Files',
      list: async () => ['/workspace/src/../src/a.ts', '/workspace//src/a.ts', '/etc/hosts', 'relative/b.ts', '', '/workspace'],
    });
    expect(labels(await odd.search('', { signal }))).toEqual(['src/a.ts', '/etc/hosts']);
    // Under the filesystem's root, every path is relative to it.
    expect(labels(await createFileMentionSource({ root: '/', heading: 'Files', list: () => ['/a/b.ts'] }).search('', { signal }))).toEqual(['a/b.ts']);
    expect(() => createFileMentionSource({ root: 'workspace', heading: 'Files', list: () => [] })).toThrow(
      'createFileMentionSource: the root must be an absolute path, not "workspace".',
    );
  });

  it('passes the search signal to list, and a failing list fails the search (the menu shows the error)', async () => {
    const list = vi.fn(() => FILES);
    await createFileMentionSource({ root: '/workspace', heading: 'Files', list }).search('a', { signal });
    expect(list).toHaveBeenCalledWith({ signal });
    const broken = createFileMentionSource({
      root: '/workspace',
      heading: 'Files',
      list: () => {
        throw new Error('index not ready');
      },
    });
    await expect(broken.search('a', { signal })).rejects.toThrow('index not ready');
  });

  it("embeds the file's text read by path when the agent takes embedded context, and links to it when it does not", async () => {
    const [group] = await source.search('greeting.ts', { signal });
    const mention = group?.items[0];
    if (!mention) throw new Error('no mention');
    const embedded = await resolveMentionBlocks([mention], source, { capabilities: { embeddedContext: true } });
    expect(embedded.blocks).toEqual([
      {
        type: 'resource',
        resource: { uri: 'file:///workspace/src/greeting.ts', text: 'text of /workspace/src/greeting.ts', mimeType: 'text/plain' },
        _meta: { 'acp-react/mention': { label: 'src/greeting.ts', kind: 'file' } },
      },
    ]);
    const linked = await resolveMentionBlocks([mention], source, { capabilities: { embeddedContext: false } });
    expect(linked.blocks).toEqual([
      {
        type: 'resource_link',
        uri: 'file:///workspace/src/greeting.ts',
        name: 'src/greeting.ts',
        _meta: { 'acp-react/mention': { label: 'src/greeting.ts', kind: 'file' } },
      },
    ]);
  });

  it("keeps the host's content and MIME type; a file that cannot be read goes as a link with a note", async () => {
    const typed = createFileMentionSource({
      root: '/workspace',
      heading: 'Files',
      list: () => FILES,
      read: async (path) => {
        if (path.endsWith('.md')) throw new Error(`${path} was deleted`);
        return { text: 'export {};\n', mimeType: 'text/x-typescript' };
      },
    });
    const ts = { uri: fileUriOf('/workspace/src/format.ts'), label: 'src/format.ts', kind: 'file' };
    const md = { uri: fileUriOf('/workspace/README.md'), label: 'README.md', kind: 'file' };
    const { blocks, notes } = await resolveMentionBlocks([ts, md], typed, { capabilities: { embeddedContext: true } });
    expect(blocks[0]).toMatchObject({ type: 'resource', resource: { uri: ts.uri, text: 'export {};\n', mimeType: 'text/x-typescript' } });
    expect(blocks[1]).toMatchObject({ type: 'resource_link', uri: md.uri });
    expect(notes).toEqual([{ mention: md, reason: 'unreadable', message: '/workspace/README.md was deleted' }]);
    // A mention that is not a file URI (a draft edited by hand) is not read as some other path.
    const other = { uri: 'notebook://x#cell', label: 'cell' };
    const result = await resolveMentionBlocks([other], typed, { capabilities: { embeddedContext: true } });
    expect(result.notes).toEqual([{ mention: other, reason: 'unreadable', message: 'Not a file URI: notebook://x#cell' }]);
  });

  it('without read (the files are on the agent’s disk), sends every mention as a link, with no note', async () => {
    const seen = createFileMentionSource({ root: '/workspace', heading: 'Files', list: () => FILES });
    expect(seen.read).toBeUndefined();
    const [group] = await seen.search('format', { signal });
    const { blocks, notes } = await resolveMentionBlocks(group?.items ?? [], seen, { capabilities: { embeddedContext: true } });
    expect(blocks).toEqual([
      {
        type: 'resource_link',
        uri: 'file:///workspace/src/format.ts',
        name: 'src/format.ts',
        _meta: { 'acp-react/mention': { label: 'src/format.ts', kind: 'file' } },
      },
    ]);
    expect(notes).toEqual([]);
  });
});

describe('file URIs', () => {
  it('encodes what a URI cannot carry as is, and reads the same path back', () => {
    const paths = ['/workspace/src/greeting.ts', '/work space/a#1?.ts', '/100%/é ü.md', 'C:/Users/ada/notes.txt'];
    expect(paths.map(fileUriOf)).toEqual([
      'file:///workspace/src/greeting.ts',
      'file:///work%20space/a%231%3F.ts',
      'file:///100%25/%C3%A9%20%C3%BC.md',
      'file:///C:/Users/ada/notes.txt',
    ]);
    expect(paths.map((p) => filePathOf(fileUriOf(p)))).toEqual(paths);
    expect(fileUriOf('C:\\Users\\ada\\notes.txt')).toBe('file:///C:/Users/ada/notes.txt');
  });

  it('reads a path from any local file URI, ignoring a fragment; null for anything else', () => {
    expect(filePathOf('file:///workspace/analysis.ipynb#totals')).toBe('/workspace/analysis.ipynb');
    expect(filePathOf('FILE://localhost/workspace/a.ts')).toBe('/workspace/a.ts');
    expect(filePathOf('file://server/share/a.ts')).toBeNull();
    expect(filePathOf('https://example.com/a.ts')).toBeNull();
    expect(filePathOf('file:///bad%E0%A4%A')).toBeNull();
    expect(filePathOf('not a uri')).toBeNull();
  });
});
