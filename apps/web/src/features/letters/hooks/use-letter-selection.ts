import { useCallback, useMemo, useState } from 'react';

export interface LetterSelection {
  /** Selected ids that are still in the list, in list order. */
  selectedIds: string[];
  isSelected: (letterId: string) => boolean;
  toggle: (letterId: string) => void;
  /** Selects every loaded letter, or clears when all are selected. */
  toggleAll: () => void;
  selectAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/** Which loaded letters are selected; letters that leave the list leave the selection. */
export function useLetterSelection(loadedIds: readonly string[]): LetterSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(() => loadedIds.filter((id) => chosen.has(id)), [loadedIds, chosen]);
  const allSelected = loadedIds.length > 0 && selectedIds.length === loadedIds.length;

  const toggle = useCallback((letterId: string) => {
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(letterId)) next.delete(letterId);
      else next.add(letterId);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setChosen(allSelected ? new Set() : new Set(loadedIds));
  }, [allSelected, loadedIds]);
  const selectAll = useCallback(() => setChosen(new Set(loadedIds)), [loadedIds]);
  const clear = useCallback(() => setChosen(new Set()), []);
  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);

  return {
    selectedIds,
    isSelected: (letterId) => selectedSet.has(letterId),
    toggle,
    toggleAll,
    selectAll,
    clear,
    allSelected,
    someSelected: selectedIds.length > 0,
  };
}
