import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useMailMerges } from '../api/mail-merges.ts';

const MERGE_PARAM = 'merge';

/**
 * The merge whose progress is shown lives in the address (`?merge=…`). After a reload (or
 * coming back later), a merge still sending is shown again.
 */
export function useShownMerge(accountId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const mergeId = searchParams.get(MERGE_PARAM);
  const merges = useMailMerges(accountId);

  const lookedForRunning = useRef(false);
  useEffect(() => {
    if (lookedForRunning.current || mergeId !== null || merges.data === undefined) return;
    lookedForRunning.current = true;
    const running = merges.data.items.find((merge) => merge.status === 'running');
    if (running) setSearchParams({ [MERGE_PARAM]: running.id }, { replace: true });
  }, [mergeId, merges.data, setSearchParams]);

  /** A merge just started: its progress is shown, and the list knows it. */
  const show = (id: string) => {
    setSearchParams({ [MERGE_PARAM]: id });
    void merges.refetch();
  };
  const leave = () => setSearchParams({}, { replace: false });

  return { mergeId, show, leave };
}
