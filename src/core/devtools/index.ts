/**
 * `acp-react/devtools`: aids for demos, stories, tests and bug reports, kept out of
 * `acp-react/core` so a host's bundle carries only the client. No React here either. Everything in
 * this folder is here only for this entry (and the inspector's export); the client never imports it.
 *
 * - `replayTranscript` / `parseTranscript`: a recorded NDJSON transcript back into a snapshot.
 * - `toTranscript`: traffic-log entries to that NDJSON (what the protocol inspector exports).
 * - `createMemoryFs`: an in-memory `FsAdapter` confined to the session roots.
 * - `createSimulatedTerminal`: a `TerminalAdapter` that runs no processes.
 * - `normalizePath`, `resolveInRoots`, `isWithin`: the path checks the client applies to `fs/*`
 *   requests, for adapters that resolve links and must check the target again.
 */
export { parseTranscript, toTranscript } from './transcript.js';
export type { TranscriptEntry } from './transcript.js';
export { replayTranscript } from './replay.js';
export type { ReplayOptions } from './replay.js';
export { createMemoryFs } from './memory-fs.js';
export type { MemoryFs, MemoryFsOptions } from './memory-fs.js';
export { createSimulatedTerminal } from './simulated-terminal.js';
export type { SimulatedTerminalOptions } from './simulated-terminal.js';
// The client's own path checks (it applies them to every `fs/*` request), shared with adapters.
export { normalizePath, resolveInRoots, isWithin } from '../paths.js';
