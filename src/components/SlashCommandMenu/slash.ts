/**
 * Slash-command text rules (guide §7.1): a command is `/name` at the very start of the input,
 * and everything typed after the name is its input.
 */
import type { AvailableCommand } from '../../core/types.js';

/** The partial name being typed (`/he` → `he`), or null once a space follows it or there is no `/`. */
export function slashQuery(value: string): string | null {
  return /^\/\S*$/.test(value) ? value.slice(1) : null;
}

/** The text a completed command leaves in the input: `/name ` ready for its arguments. */
export function completionText(command: Pick<AvailableCommand, 'name'>): string {
  return `/${command.name} `;
}

/**
 * The command whose arguments are being awaited: the input is `/name` plus whitespace and nothing
 * else yet. Its `input.hint` is what the input shows as placeholder.
 */
export function pendingCommand(value: string, commands: readonly AvailableCommand[]): AvailableCommand | null {
  const match = /^\/(\S+)\s+$/.exec(value);
  if (!match) return null;
  return commands.find((c) => c.name === match[1]) ?? null;
}

/**
 * Commands matching the typed query, best first: name prefix, then name contains, then a word of
 * the description starting with it, then the letters of the query in order within the name
 * (`gco` finds `git-checkout`). Ties keep the agent's order. Case-insensitive.
 */
export function filterCommands(commands: readonly AvailableCommand[], query: string): AvailableCommand[] {
  const q = query.toLowerCase();
  if (q === '') return [...commands];
  const rank = (c: AvailableCommand): number => {
    const name = c.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.includes(q)) return 1;
    if (words(c.description ?? '').some((w) => w.startsWith(q))) return 2;
    if (isSubsequence(q, name)) return 3;
    return -1;
  };
  return commands
    .map((command, index) => ({ command, index, rank: rank(command) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.command);
}

/** Word starts only: "re" should not find every description containing "before". */
function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (const ch of haystack) {
    if (ch === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return false;
}
