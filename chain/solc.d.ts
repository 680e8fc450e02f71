// The solc npm package ships no types; this is the part of its API the chain scripts use.
declare module 'solc' {
  /** What the import callback answers for one imported path. */
  export type ImportResult = { contents: string } | { error: string };
  /**
   * Compiles a standard-JSON input string and returns the standard-JSON output string; `import`
   * reads the sources the input's files import.
   */
  export function compile(
    input: string,
    callbacks?: { import?: (path: string) => ImportResult },
  ): string;
  export function version(): string;
  const solc: { compile: typeof compile; version: typeof version };
  export default solc;
}
