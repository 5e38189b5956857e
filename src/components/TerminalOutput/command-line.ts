/**
 * The command as a user would type it: arguments with spaces or shell metacharacters are
 * quoted, so `grep -n "a b" src` reads unambiguously. Display only; never executed.
 */
export function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map(quoteArg).join(' ');
}

function quoteArg(arg: string): string {
  if (arg === '') return "''";
  if (/^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
