// `npm run build:packages [-- core server …]`: builds the installable packages (docs/packages.md)
// and says what each one's built code imports.
import { buildPackages } from './packages/build.ts';

const t0 = performance.now();
const built = await buildPackages(process.argv.slice(2));
for (const p of built) console.log(`${p.name}: ${p.imports.join(', ') || 'no dependencies'}`);
console.log(`built ${built.length} packages in ${Math.round(performance.now() - t0)} ms`);
