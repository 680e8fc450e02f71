// The solc npm package ships no types; this is the part of its API the chain scripts use.
declare module 'solc' {
  /** Compiles a standard-JSON input string and returns the standard-JSON output string. */
  export function compile(input: string): string;
  export function version(): string;
  const solc: { compile: typeof compile; version: typeof version };
  export default solc;
}
