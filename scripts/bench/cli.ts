/** Command-line options of the benchmarks: `--name value`, or undefined when not given. */
const args = process.argv.slice(2);

export function benchOption(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

export const hasFlag = (name: string) => args.includes(`--${name}`);
