// Reading what a site sent through own properties only: a field named `constructor` or
// `toString` that the site left out must be missing, not found on Object.prototype.

export { isRecord } from '../../guards/index.ts';

export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
