// `encore-key-holder`: with no command, the key holder configured from the environment; with
// one, a change to the key file (add-key, make-current, retire-key, public-keys).
import { parseArgs } from 'node:util';
import { addKey, makeCurrent, publicKeyLines, retireKey } from './cli/key-file-commands.ts';
import { configFromEnv } from './config-from-env.ts';
import { KeyHolderConfigError } from './errors.ts';
import { startKeyHolder } from './start-key-holder.ts';

const USAGE = `usage:
  encore-key-holder                                  serve (configured from the environment)
  encore-key-holder add-key --file PATH --id ID [--current]
  encore-key-holder make-current --file PATH --id ID
  encore-key-holder retire-key --file PATH --id ID
  encore-key-holder public-keys --file PATH`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      id: { type: 'string' },
      current: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (command === undefined) return serve();
  const file = values.file;
  if (!file) throw new KeyHolderConfigError(`--file is required\n${USAGE}`);
  if (command === 'public-keys') {
    for (const line of publicKeyLines(file)) console.log(line);
    return;
  }
  const id = values.id;
  if (!id) throw new KeyHolderConfigError(`--id is required\n${USAGE}`);
  if (command === 'add-key') console.log(addKey(file, id, values.current ?? false));
  else if (command === 'make-current') makeCurrent(file, id);
  else if (command === 'retire-key') retireKey(file, id);
  else throw new KeyHolderConfigError(`unknown command "${command}"\n${USAGE}`);
}

async function serve(): Promise<void> {
  const config = configFromEnv(process.env);
  const holder = await startKeyHolder(config);
  const l = config.limits;
  console.log(
    `encore key holder on ${holder.url} (${holder.engine}); keys: ${config.keys
      .list()
      .map((k) => k.id)
      .join(
        ', ',
      )} (current ${config.keys.current}); limits: ${l?.perAccount}/account and ${l?.perAddress}/address per ${l?.windowSeconds} s`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      holder.close().then(() => process.exit(0));
    });
  }
}

try {
  await main();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`encore-key-holder: ${reason}`);
  process.exit(error instanceof KeyHolderConfigError ? 2 : 1);
}
