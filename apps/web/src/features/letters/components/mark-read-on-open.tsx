import type { LetterDetail } from '@kuvert/shared/letters';
import { useMarkReadOnOpen } from '../hooks/use-mark-read-on-open.ts';

interface MarkReadOnOpenProps {
  letter: LetterDetail;
  canWrite: boolean;
}

/**
 * Marks the opened letter read and draws nothing. A component of its own so the request's
 * progress (pending, done) re-renders only this, not the whole letter around it.
 */
export function MarkReadOnOpen({ letter, canWrite }: MarkReadOnOpenProps) {
  useMarkReadOnOpen(letter, canWrite);
  return null;
}
