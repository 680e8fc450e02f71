import type { z } from 'zod';
import { CatalogError } from '../errors.ts';

/** Parses an answer, or names the endpoint and the first offending field (`data[0].user.handle`). */
export function validate<S extends z.ZodType>(
  schema: S,
  body: unknown,
  where: { endpoint: string; host: string; path: string; status: number },
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? fieldPath(issue.path) : '';
  const why = issue ? issue.message : 'invalid';
  throw new CatalogError(
    'CATALOG_INVALID_RESPONSE',
    `${where.endpoint}: unexpected answer from ${where.host} at ${field || '(body)'}: ${why}`,
    { ...where, field },
  );
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
