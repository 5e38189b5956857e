/**
 * What the client's on-demand modules (`workspace.ts` with `terminals.ts`, `session-actions.ts`)
 * get from the client.
 *
 * They are loaded with a dynamic `import()` to keep the core entry small, and they take these
 * helpers from the client instead of importing the modules that define them: a module imported
 * both by the entry and by an on-demand module would be split into a chunk of its own, a second
 * file the entry must load, which costs the entry more than the on-demand module saves.
 * Type-only imports are free.
 */
import type { AcpClientError, ErrorCodes } from '../errors.js';
import type { ChildOwner } from '../subagents.js';
import type { AcpSnapshot } from '../types.js';

export interface ClientHelpers {
  get(): AcpSnapshot;
  update(fn: (snapshot: AcpSnapshot) => AcpSnapshot): void;
  /** The client's error (an `AcpClientError`) with one of its codes. */
  error(code: keyof typeof ErrorCodes, message: string, data?: unknown): Error;
  /** Any failure as the client's error (`toAcpError`). */
  normalize(error: unknown): AcpClientError;
}

/** What `workspace.ts` and `terminals.ts` get: the helpers, and a way to report an adapter's failure. */
export interface WorkspaceHost extends ClientHelpers {
  /** Records an `adapter_error` diagnostic. */
  diagnose(message: string): void;
  /** Whose a child session's requests are (sub-agents): its top-level session and roots; nullish for any other id. */
  owner(sessionId: string): ChildOwner | null | undefined;
}
