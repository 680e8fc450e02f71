// Reading what a site sent through own properties only: a field named `constructor` or
// `toString` that the site left out must be missing, not found on Object.prototype.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
