/** The benchmarks' numeric flags: `--duration 5` → 5, the fallback when the flag is absent. */
export function numberArg(name: string, fallback: number, argv: readonly string[] = process.argv.slice(2)): number {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
}
