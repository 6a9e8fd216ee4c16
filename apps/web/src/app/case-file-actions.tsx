import type { ReactNode } from 'react';
import type { LetterDetail, LetterSummary } from '@kuvert/shared/letters';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { AddToFileButton } from '../features/case-files/components/add-to-file-button.tsx';
import type { ThingToFile } from '../features/case-files/components/add-to-file-summary.ts';
import { LetterCaseFilesLazy } from '../features/case-files/components/letter-case-files-lazy.tsx';
import { LetterFileSuggestionSlot } from '../features/case-files/components/letter-file-suggestion-slot.tsx';

/** A letter as "Add to a file" takes it: the case files area does not know letters. */
export function letterToFile(letter: LetterSummary | LetterDetail): ThingToFile {
  return { type: 'letter', id: letter.id, title: letter.subject, createdAt: letter.created_at };
}

export function uploadToFile(upload: UploadSummary): ThingToFile {
  return { type: 'upload', id: upload.id, title: upload.name, createdAt: upload.created_at };
}

/** "Add to a file" among a letter's actions (received or sent). */
export function renderLetterFileAction(letter: LetterDetail, canWrite: boolean): ReactNode {
  return (
    <AddToFileButton
      accountId={letter.account_id}
      things={[letterToFile(letter)]}
      canWrite={canWrite}
    />
  );
}

/** The files a letter is in. */
export function renderLetterFilesPanel(letter: LetterDetail): ReactNode {
  return <LetterCaseFilesLazy letterId={letter.id} />;
}

/**
 * For those who may add, a letter not in the trash: room in its header for a file it might
 * belong to (kept, filled or not, so nothing moves when the answer comes).
 */
export function renderLetterFileSuggestion(letter: LetterDetail, canWrite: boolean): ReactNode {
  if (!canWrite || letter.trashed_at !== null) return null;
  return <LetterFileSuggestionSlot letterId={letter.id} />;
}
