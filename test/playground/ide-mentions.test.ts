/**
 * The web IDE's files as mentions, without a browser: the in-browser workspace's files (read as
 * they are when the prompt is sent), and, with the agent on its own disk, the files the agent
 * named in tool calls (the session is built with the real reducers from the updates an agent
 * sends), which are never read by the page.
 */
import { describe, expect, it } from 'vitest';
import { applySessionUpdate, createSessionState } from '../../src/core/index.js';
import { createMemoryFs } from '../../src/core/devtools/index.js';
import { resolveMentionBlocks } from '../../src/core/mentions/blocks.js';
import { createFileMentionSource } from '../../src/core/mentions/files.js';
import { applyChildUpdate } from '../../src/core/subagents.js';
import type { SessionState } from '../../src/core/types.js';
import { ideMentionFiles, seenFiles } from '../../playground/src/ide/workspace-mentions.js';
import { sampleWorkspace } from '../../playground/src/workspace.js';
import { announceChild } from '../helpers/threads.js';

const signal = new AbortController().signal;
const embedded = { capabilities: { embeddedContext: true } };

describe('the in-browser workspace as mentions', () => {
  it('lists its files; the text sent is the file as it is when the prompt goes; a file deleted meanwhile goes as a link, with a note', async () => {
    const fs = createMemoryFs({ files: sampleWorkspace('/workspace'), writable: true });
    const source = createFileMentionSource(ideMentionFiles({ browserWorkspace: true, cwd: '/workspace', fs, getSnapshot: () => ({ sessions: {} }) }));
    const [group] = await source.search('gree', { signal });
    expect(group?.label).toBe('Files');
    expect(group?.items.map((i) => i.label)).toEqual(['src/greeting.ts', 'src/greeting.test.ts']);
    const greeting = group?.items[0];
    if (!greeting) throw new Error('no mention');

    fs.write('/workspace/src/greeting.ts', 'export const greet = () => "hi";\n');
    const { blocks } = await resolveMentionBlocks([greeting], source, embedded);
    expect(blocks[0]).toMatchObject({ type: 'resource', resource: { uri: 'file:///workspace/src/greeting.ts', text: 'export const greet = () => "hi";\n' } });

    fs.deleteTextFile?.({ sessionId: 's', path: '/workspace/src/greeting.ts', roots: ['/workspace'], signal });
    const gone = await resolveMentionBlocks([greeting], source, embedded);
    expect(gone.blocks[0]).toMatchObject({ type: 'resource_link', uri: 'file:///workspace/src/greeting.ts' });
    expect(gone.notes).toEqual([{ mention: greeting, reason: 'unreadable', message: '/workspace/src/greeting.ts is no longer in the workspace.' }]);
  });
});

describe('the files the agent named, with the agent on its own disk', () => {
  /** A session where the agent read one file, proposed a diff to another, a nested sub-agent run read a third and a child session pointed at a fourth. */
  function session(): SessionState {
    let s = createSessionState('s1');
    s = applySessionUpdate(
      s,
      { sessionUpdate: 'tool_call', toolCallId: 'read', title: 'Read', kind: 'read', locations: [{ path: '/workspace/src/greeting.ts', line: 1 }] },
      1,
    );
    s = applySessionUpdate(
      s,
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'edit',
        title: 'Edit',
        kind: 'edit',
        content: [{ type: 'diff', path: '/workspace/src/format.ts', oldText: 'a', newText: 'b' }],
      },
      2,
    );
    // A file seen before: listed once.
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call_update', toolCallId: 'edit', locations: [{ path: '/workspace/src/greeting.ts', line: 2 }] }, 3);
    s = applySessionUpdate(s, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'see /workspace/README.md' } }, 4);
    // A sub-agent run nested under its Task tool call (Claude's `_meta.claudeCode.parentToolUseId`).
    s = applySessionUpdate(s, { sessionUpdate: 'tool_call', toolCallId: 'task', title: 'Task', kind: 'think' }, 4);
    s = applySessionUpdate(
      s,
      {
        sessionUpdate: 'tool_call',
        toolCallId: 'nested',
        title: 'Read',
        kind: 'read',
        locations: [{ path: '/workspace/docs/guide.md' }],
        _meta: { claudeCode: { parentToolUseId: 'task' } },
      },
      4,
    );
    s = announceChild(s, 'child', { title: 'Explorer' });
    return applyChildUpdate(
      s,
      'child',
      { sessionUpdate: 'tool_call', toolCallId: 'grep', title: 'grep', kind: 'search', locations: [{ path: '/workspace/test/greeting.test.ts' }] },
      5,
      { createSessionState, applySessionUpdate },
    );
  }

  it('are the paths of tool calls’ locations and diffs, nested runs’ and child sessions’ included, each once; text in messages is not a file the page saw', () => {
    expect(seenFiles({ sessions: { s1: session() } }).sort()).toEqual([
      '/workspace/docs/guide.md',
      '/workspace/src/format.ts',
      '/workspace/src/greeting.ts',
      '/workspace/test/greeting.test.ts',
    ]);
    expect(seenFiles({ sessions: {} })).toEqual([]);
  });

  it('are listed as the session goes on (the in-browser sample is not the agent’s disk), and sent as links the agent reads itself', async () => {
    let snapshot = { sessions: {} as Record<string, SessionState> };
    const fs = createMemoryFs({ files: sampleWorkspace('/workspace') });
    const source = createFileMentionSource(ideMentionFiles({ browserWorkspace: false, cwd: '/workspace', fs, getSnapshot: () => snapshot }));
    expect(await source.search('gree', { signal })).toEqual([]);
    snapshot = { sessions: { s1: session() } };
    const [group] = await source.search('gree', { signal });
    expect(group?.items.map((i) => i.label)).toEqual(['src/greeting.ts', 'test/greeting.test.ts']);
    expect(source.read).toBeUndefined();
    const { blocks, notes } = await resolveMentionBlocks(group?.items ?? [], source, embedded);
    expect(blocks.map((b) => b.type)).toEqual(['resource_link', 'resource_link']);
    expect(notes).toEqual([]);
  });
});
