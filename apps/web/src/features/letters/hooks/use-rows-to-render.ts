import { startTransition, useEffect, useState } from 'react';

/** About a phone's or a laptop's screenful of letter rows. */
const FIRST_ROWS = 8;

/**
 * How many of a list's rows to render: a screenful first, all of them a moment later (a
 * transition). Committing every row in one go, the DOM of up to 50 letters, was the longest
 * task of a cold inbox; as two shorter ones the page can answer input in between.
 */
export function useRowsToRender(total: number): number {
  const [isComplete, setIsComplete] = useState(false);
  const needsMore = !isComplete && total > FIRST_ROWS;
  useEffect(() => {
    if (needsMore) startTransition(() => setIsComplete(true));
  }, [needsMore]);
  return isComplete ? total : Math.min(total, FIRST_ROWS);
}
