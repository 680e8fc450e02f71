// Vite resolves the @encore-wallet/* packages to their TypeScript sources (the
// `@encore-wallet/source` condition first in each package's `exports`, docs/packages.md), in
// every environment Vite or Vitest creates: the pages' build, the tests' module runner, Vitest's
// global setups. Each environment keeps its own default conditions after it.
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';

export const SOURCE_CONDITION = '@encore-wallet/source';

export function sourceCondition(): Plugin {
  return {
    name: 'encore:source-condition',
    enforce: 'pre',
    configEnvironment(name, config) {
      const defaults =
        config.consumer === 'client' || name === 'client'
          ? defaultClientConditions
          : defaultServerConditions;
      const conditions = config.resolve?.conditions ?? defaults;
      if (conditions.includes(SOURCE_CONDITION)) return;
      return { resolve: { conditions: [SOURCE_CONDITION, ...conditions] } };
    },
  };
}
