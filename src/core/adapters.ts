/**
 * What a host plugs in to let the agent touch its files or run commands. The client only
 * advertises `fs` / `terminal` capabilities for adapters the host actually supplied, and always
 * checks paths against the session roots before calling one.
 */
import type * as acp from '@agentclientprotocol/sdk';

export interface FsRequestContext {
  sessionId: string;
  /** Normalized absolute path, already checked to be inside the session roots. */
  path: string;
  /**
   * The session's roots. An adapter that resolves links (symlinks, mounts) must check the
   * resolved target against them again: the core can only check the path it was given.
   */
  roots: readonly string[];
  /** Aborted when the agent cancels the request. */
  signal: AbortSignal;
}

export interface FsAdapter {
  /** Returns the whole file (the core applies `line`/`limit`). Throw `AcpClientError` with -32002 for a missing file. */
  readTextFile(context: FsRequestContext): Promise<string> | string;
  /** Omit to make the workspace read-only (`writeTextFile` is then not advertised). */
  writeTextFile?(context: FsRequestContext, content: string): Promise<void> | void;
}

export interface TerminalSink {
  /** Appends output (already decoded text). */
  write(chunk: string): void;
  /** The command finished. */
  exit(status: { exitCode: number | null; signal: string | null }): void;
}

export interface TerminalProcess {
  kill(): void | Promise<void>;
}

export interface TerminalAdapter {
  /**
   * Starts `command` and returns at once; output and exit go to `sink`. The core keeps the
   * output buffer (with `outputByteLimit` truncation), so adapters stay small.
   */
  create(request: acp.CreateTerminalRequest, sink: TerminalSink): Promise<TerminalProcess> | TerminalProcess;
}

/**
 * Decides a permission request without asking the user. Return an `optionId` to answer with it,
 * or `null`/`undefined` to ask the user. Nothing is ever approved automatically without one.
 */
export type PermissionPolicy = (
  request: acp.RequestPermissionRequest,
) => string | null | undefined | Promise<string | null | undefined>;
