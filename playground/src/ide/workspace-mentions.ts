/**
 * The web IDE's files as `@` mentions. With the in-browser workspace the page has every file:
 * all are listed, and a mentioned file's text is embedded in the prompt (when the agent takes
 * embedded context). With the agent on its own disk the page has no file list and cannot read a
 * file: it lists the files the agent has named in its tool calls, and sends each as a
 * `resource_link` for the agent to read, never text of its own making.
 */
import type { AcpSnapshot, FileMentionSourceOptions, ThreadState } from 'acp-react';
import type { MemoryFs } from 'acp-react/devtools';

export interface IdeFilesOptions {
  /** The agent works on the in-browser workspace (`&workspace=browser`). */
  browserWorkspace: boolean;
  cwd: string;
  /** The in-browser workspace. */
  fs: MemoryFs;
  /** The client's snapshot now: the sessions' tool calls. */
  getSnapshot: () => Pick<AcpSnapshot, 'sessions'>;
}

/** The IDE's files for `createFileMentionSource`, by where the agent works. */
export function ideMentionFiles({ browserWorkspace, cwd, fs, getSnapshot }: IdeFilesOptions): FileMentionSourceOptions {
  const heading = 'Files';
  if (!browserWorkspace) return { root: cwd, heading, list: () => seenFiles(getSnapshot()) };
  return {
    root: cwd,
    heading,
    list: () => fs.list(),
    // As the file is when the prompt is sent.
    read: (path) => {
      const text = fs.read(path);
      if (text === undefined) throw new Error(`${path} is no longer in the workspace.`);
      return text;
    },
  };
}

/**
 * The paths the agent named in any session's tool calls: where it pointed (`locations`) and what
 * it proposed to change (`diff` content), its sub-agents' and child sessions' calls included.
 */
export function seenFiles(snapshot: Pick<AcpSnapshot, 'sessions'>): string[] {
  const paths = new Set<string>();
  const visit = (thread: ThreadState) => {
    for (const item of thread.items.toArray()) {
      if (item.kind !== 'tool_call') continue;
      for (const location of item.locations) paths.add(location.path);
      for (const content of item.content) if (content.type === 'diff') paths.add(content.path);
      if (item.run) visit(item.run.thread);
    }
  };
  for (const session of Object.values(snapshot.sessions)) {
    visit(session.thread);
    for (const child of Object.values(session.subagents ?? {})) visit(child.session.thread);
  }
  return [...paths];
}
