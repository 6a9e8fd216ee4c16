import { useCallback, useState } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage.ts';

/** Enough for years of dismissed suggestions; the oldest go first. */
export const MAX_DISMISSED_SUGGESTIONS = 300;

const keyOf = (letterId: string, fileId: string) => `${letterId}:${fileId}`;

/** The stored list, or none when it is missing or not what this code wrote. */
export function parseDismissed(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The list with this letter's suggestion of this file added last, within the limit. */
export function withDismissed(
  dismissed: readonly string[],
  letterId: string,
  fileId: string,
): string[] {
  const key = keyOf(letterId, fileId);
  return [...dismissed.filter((entry) => entry !== key), key].slice(-MAX_DISMISSED_SUGGESTIONS);
}

/**
 * Which files' suggestions the user dismissed on this letter: remembered in the browser, so
 * "Dismiss" holds across visits (another suggestion for the letter still shows).
 */
export function useDismissedSuggestions(letterId: string) {
  const [dismissed, setDismissed] = useState(() =>
    parseDismissed(readStorage(storageKeys.dismissedFileSuggestions)),
  );
  const isDismissed = useCallback(
    (fileId: string) => dismissed.includes(keyOf(letterId, fileId)),
    [dismissed, letterId],
  );
  const dismiss = useCallback(
    (fileId: string) => {
      // Read again: another tab may have dismissed something meanwhile.
      const stored = parseDismissed(readStorage(storageKeys.dismissedFileSuggestions));
      const next = withDismissed(stored, letterId, fileId);
      writeStorage(storageKeys.dismissedFileSuggestions, JSON.stringify(next));
      setDismissed(next);
    },
    [letterId],
  );
  return { isDismissed, dismiss };
}
