const PLAIN = /^[\w@%+=:,./-]+$/;

/** One argument as a POSIX shell would need it typed, so a copied command runs as shown. */
export function shellWord(word: string): string {
  if (PLAIN.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `A=1 B=2 agent --flag 'two words'` */
export function shellCommand(env: Array<[string, string]>, words: string[]): string {
  return [...env.map(([name, value]) => `${name}=${shellWord(value)}`), ...words.map(shellWord)].join(' ');
}
