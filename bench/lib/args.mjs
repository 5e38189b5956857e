/**
 * A benchmark's command line: `--name=value` flags and `--name` switches, with the two every
 * benchmark shares. `--quick` is a smoke run (fewer runs, smaller loads): it writes
 * bench/RESULTS.md only when asked with `--write`, so a smoke run never stands in for a
 * measurement. `--no-write` prints the figures without writing them.
 * @param {string[]} [args]
 */
export function benchArgs(args = process.argv.slice(2)) {
  /** @param {string} name @returns {string | undefined} */
  const flag = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const quick = args.includes('--quick');
  const write = !args.includes('--no-write') && !(quick && !args.includes('--write'));
  return { args, flag, quick, write };
}
