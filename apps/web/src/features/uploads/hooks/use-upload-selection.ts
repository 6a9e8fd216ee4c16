import { useCallback, useMemo, useState } from 'react';

export interface UploadSelection {
  /** Selected ids that are still in the list, in list order. */
  selectedIds: string[];
  isSelected: (uploadId: string) => boolean;
  toggle: (uploadId: string) => void;
  /** Selects every loaded upload, or clears when all are selected. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/** Which loaded uploads are selected; uploads that leave the list leave the selection. */
export function useUploadSelection(loadedIds: readonly string[]): UploadSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(() => loadedIds.filter((id) => chosen.has(id)), [loadedIds, chosen]);
  const allSelected = loadedIds.length > 0 && selectedIds.length === loadedIds.length;
  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);

  const toggle = useCallback((uploadId: string) => {
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(uploadId)) next.delete(uploadId);
      else next.add(uploadId);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setChosen(allSelected ? new Set() : new Set(loadedIds));
  }, [allSelected, loadedIds]);
  const clear = useCallback(() => setChosen(new Set()), []);

  return {
    selectedIds,
    isSelected: (uploadId) => selectedSet.has(uploadId),
    toggle,
    toggleAll,
    clear,
    allSelected,
    someSelected: selectedIds.length > 0,
  };
}
