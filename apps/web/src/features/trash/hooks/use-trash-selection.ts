import { useCallback, useMemo, useState } from 'react';
import type { TrashEntry } from '@kuvert/shared/trash';
import { trashEntryKey } from '../api/get-trash-entries.ts';

export interface TrashSelection {
  /** Selected entries that are still in the list, in list order. */
  selected: TrashEntry[];
  isSelected: (entry: TrashEntry) => boolean;
  toggle: (entry: TrashEntry) => void;
  /** Selects every loaded entry, or clears when all are selected. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/** Which loaded entries are selected; entries that leave the list leave the selection. */
export function useTrashSelection(loaded: readonly TrashEntry[]): TrashSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(
    () => loaded.filter((entry) => chosen.has(trashEntryKey(entry))),
    [loaded, chosen],
  );
  const allSelected = loaded.length > 0 && selected.length === loaded.length;

  const toggle = useCallback((entry: TrashEntry) => {
    const key = trashEntryKey(entry);
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setChosen(allSelected ? new Set() : new Set(loaded.map(trashEntryKey)));
  }, [allSelected, loaded]);
  const clear = useCallback(() => setChosen(new Set()), []);

  return {
    selected,
    isSelected: (entry) => chosen.has(trashEntryKey(entry)),
    toggle,
    toggleAll,
    clear,
    allSelected,
    someSelected: selected.length > 0,
  };
}
