/** Values one `in (…)` list takes: well under either engine's limit of bound parameters. */
export const LOOKUP_BATCH = 5000;

/** Runs `lookUp` on slices of `values` of at most `LOOKUP_BATCH` each, in order; answers every row. */
export async function lookUpInBatches<T>(
  values: readonly string[],
  lookUp: (batch: string[]) => Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < values.length; start += LOOKUP_BATCH) {
    found.push(...(await lookUp(values.slice(start, start + LOOKUP_BATCH))));
  }
  return found;
}
