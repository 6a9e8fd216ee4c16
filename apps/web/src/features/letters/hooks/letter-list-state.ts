import { useMemo } from 'react';
import { z } from 'zod';
import { letterViewSchema } from '@kuvert/shared/letters';
import type { LetterFilter } from '../api/get-letters.ts';

/**
 * The list a letter was opened from travels in the navigation's state (not the URL: a shared
 * link opens the letter in its own list), so its page can step to the next and previous one.
 */
const letterListStateSchema = z.object({
  letterList: z.object({
    view: letterViewSchema,
    folderId: z.string().optional(),
    providerId: z.string().optional(),
  }),
});

export function letterListState(list: LetterFilter): { letterList: LetterFilter } {
  return { letterList: list };
}

/** The state for links into the list's letters; the same object while the list stays. */
export function useLetterListState(list: LetterFilter | undefined) {
  const view = list?.view;
  const folderId = list?.folderId;
  const providerId = list?.providerId;
  return useMemo(
    () =>
      view === undefined
        ? undefined
        : letterListState({
            view,
            ...(folderId === undefined ? {} : { folderId }),
            ...(providerId === undefined ? {} : { providerId }),
          }),
    [view, folderId, providerId],
  );
}

/** The list in a location's state; undefined when the letter was opened some other way. */
export function letterListOf(state: unknown): LetterFilter | undefined {
  const parsed = letterListStateSchema.safeParse(state);
  if (!parsed.success) return undefined;
  const { view, folderId, providerId } = parsed.data.letterList;
  return {
    view,
    ...(folderId === undefined ? {} : { folderId }),
    ...(providerId === undefined ? {} : { providerId }),
  };
}
