/** Creating a session's local state. */
import { emptyThread } from './thread.js';
import type { SessionState } from './types.js';

export function createSessionState(
  sessionId: string,
  init: Partial<Pick<SessionState, 'cwd' | 'additionalDirectories' | 'mcpServers' | 'setupMeta' | 'status' | 'modes' | 'configOptions'>> = {},
): SessionState {
  return {
    sessionId,
    cwd: init.cwd ?? '',
    additionalDirectories: init.additionalDirectories ?? [],
    mcpServers: init.mcpServers ?? [],
    setupMeta: init.setupMeta ?? null,
    status: init.status ?? 'active',
    statusReason: null,
    thread: emptyThread(),
    turns: [],
    turn: { state: 'idle', turnId: null, stopReason: null, error: null },
    plan: null,
    plans: {},
    commands: [],
    modes: init.modes ?? null,
    configOptions: init.configOptions ?? null,
    usage: null,
    lastTurnUsage: null,
    info: { title: null, updatedAt: null },
    _meta: null,
  };
}
