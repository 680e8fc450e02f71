// Reading configuration from environment variables (plain TypeScript over a string record).
export {
  type Env,
  type IntegerFromEnv,
  type IntegerFromEnvOptions,
  integerFromEnv,
} from './integer-from-env.ts';
