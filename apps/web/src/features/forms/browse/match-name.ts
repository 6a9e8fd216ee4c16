/**
 * Lower-case, without accents: "Stadtwerke München" is found by "munchen" and "MÜNCHEN",
 * "Københavns Kommune" by "kobenhavns". ß, ø and æ have no accent to strip, so they are
 * spelt out the way a keyboard without them writes them.
 */
function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/gu, 'ss')
    .replace(/ø/gu, 'o')
    .replace(/æ/gu, 'ae');
}

/** Whether every word of `filter` appears in `name` (any order, any case, accents ignored). */
export function matchesName(name: string, filter: string): boolean {
  const words = foldName(filter).split(/\s+/u).filter(Boolean);
  if (words.length === 0) return true;
  const folded = foldName(name);
  return words.every((word) => folded.includes(word));
}
