/** Values one `in (…)` list takes: well under either engine's limit of bound parameters. */
export const LOOKUP_BATCH = 5000;

/** The distinct values among `values`, in first-seen order, nulls left out. */
export function distinctIds(values: Iterable<string | null | undefined>): string[] {
  const unique = new Set<string>();
  for (const value of values) if (value !== null && value !== undefined) unique.add(value);
  return [...unique];
}

/**
 * Runs `lookUp` on the distinct values of `values` (nulls left out), in slices of at most
 * `LOOKUP_BATCH`, in order; answers every row, and none without a query when nothing is asked.
 * Every look-up of another area's rows by id (names, references) goes through here.
 */
export async function lookUpInBatches<T>(
  values: Iterable<string | null | undefined>,
  lookUp: (batch: string[]) => Promise<T[]>,
): Promise<T[]> {
  const distinct = distinctIds(values);
  const found: T[] = [];
  for (let start = 0; start < distinct.length; start += LOOKUP_BATCH) {
    found.push(...(await lookUp(distinct.slice(start, start + LOOKUP_BATCH))));
  }
  return found;
}
