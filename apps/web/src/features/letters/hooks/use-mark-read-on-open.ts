import { useEffect, useRef } from 'react';
import type { LetterDetail } from '@kuvert/shared/letters';
import { useMarkLetterRead } from '../api/mark-letter-read.ts';

/**
 * Opening an unread letter marks it read, once per visit. Viewers only look: their reading
 * changes nothing for the mailbox's owners.
 */
export function useMarkReadOnOpen(letter: LetterDetail | undefined, canWrite: boolean): void {
  const markRead = useMarkLetterRead();
  const markedId = useRef<string | null>(null);
  const { mutate } = markRead;
  useEffect(() => {
    if (!letter || !canWrite) return;
    if (letter.direction !== 'inbound' || letter.is_read) return;
    if (markedId.current === letter.id) return;
    markedId.current = letter.id;
    mutate(letter.id);
  }, [letter, canWrite, mutate]);
}
