/**
 * A function of a string, remembered: each distinct value is worked out once and its result
 * kept, up to `limit` values (then all are forgotten and counting starts again). For pure work
 * that repeats across rows or requests: a register's tiers and dates, a client's address, a grid
 * reference's position (issue 18). Results may be any value, undefined included.
 */
export function memo<T>(fn: (value: string) => T, limit = 20_000): (value: string) => T {
  const cache = new Map<string, T>();
  return (value) => {
    let result = cache.get(value);
    if (result === undefined && !cache.has(value)) {
      result = fn(value);
      if (cache.size >= limit) cache.clear();
      cache.set(value, result);
    }
    return result as T;
  };
}
