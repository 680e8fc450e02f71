// Reading configuration from environment variables (plain TypeScript over a string record).
export { type AllOrNone, allOrNone } from './all-or-none.ts';
export {
  type Env,
  type IntegerFromEnv,
  type IntegerFromEnvOptions,
  integerFromEnv,
} from './integer-from-env.ts';
