import { integerFromEnv } from '@encore-wallet/utils/env';

/** A positive whole number from the environment (BENCH_RUNS and friends); exits 2 when it is not. */
export function benchInteger(name: string, fallback: number): number {
  const read = integerFromEnv(process.env, name, { fallback, min: 1 });
  if (read.ok) return read.value;
  console.error(read.error);
  process.exit(2);
}
