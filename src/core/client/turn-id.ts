/**
 * The client's own identity of a prompt turn. It never comes from the agent (many agents send no
 * `messageId`, and v2's ids are the agent's to choose), and it is unique on the page, not merely
 * within one client: a change tracker or a host's view outlives the client of a panel that is
 * closed and opened again, and the same session then goes on under a new client. A counter per
 * client gave that new client's first turn the id of the session's first turn, so a restore of
 * the later turn found the earlier one and reverted both.
 */

/** Distinguishes two copies of the library on one page (a host that bundles it twice). */
const pageTag = Math.random().toString(36).slice(2, 8);
let issued = 0;

export const nextTurnId = (): string => `turn-${pageTag}-${(++issued).toString(36)}`;
