// A lower bound of a value's JSON size, walked only until it passes `max`: a site's params can be
// tens of megabytes (a port message may be 64 MiB), and measuring them must cost at most the
// limit, never the whole value, before any schema reads them.

/** True when `value` as JSON surely takes more than `max` bytes (UTF-16 units undercount UTF-8). */
export function jsonLongerThan(value: unknown, max: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean') size += String(item).length;
    else if (item === null) size += 4;
    else if (Array.isArray(item)) {
      size += 2 + Math.max(0, item.length - 1);
      if (size > max) return true;
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object') {
      // Keys first (a cost the browser already paid to deserialize the message), then values
      // only until the limit.
      const keys = Object.keys(item);
      size += 2 + keys.length;
      if (size > max) return true;
      for (const key of keys) {
        const entry = (item as Record<string, unknown>)[key];
        if (entry === undefined || typeof entry === 'function') continue;
        size += key.length + 2;
        if (size > max) return true;
        stack.push(entry);
      }
    }
    if (size > max) return true;
  }
  return false;
}
