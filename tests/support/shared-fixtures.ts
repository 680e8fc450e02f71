import { fileURLToPath } from 'node:url';

/** `../shared/fixtures` beside the repository (as CI and every checkout lay it out). */
export const SHARED_FIXTURES: string = fileURLToPath(
  new URL('../../../shared/fixtures/', import.meta.url),
);
