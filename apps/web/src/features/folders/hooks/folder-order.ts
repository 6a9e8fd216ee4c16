const collators = new Map<string, Intl.Collator>();

function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (collator === undefined) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/**
 * Folders in the reader's alphabetical order: "Ärzte" beside "Arzt" in German, "Ordner 9"
 * before "Ordner 10". The server's order is a language-neutral fallback.
 */
export function sortFoldersByName<T extends { id: string; name: string }>(
  folders: readonly T[],
  language: string,
): T[] {
  const collator = collatorFor(language);
  return folders.toSorted(
    (a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
