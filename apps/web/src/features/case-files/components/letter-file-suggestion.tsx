import { useLetterCaseFiles } from '../api/get-letter-case-files.ts';
import { useDismissedSuggestions } from './letter-case-files-dismissed.ts';
import { LetterCaseFileSuggestion } from './letter-case-files-suggestion.tsx';

/**
 * The first file the letter's reference numbers point to that it is not in and that was not
 * dismissed here; once added or dismissed, the next one (rarely more than one).
 */
export function LetterFileSuggestion({ letterId }: { letterId: string }) {
  const caseFiles = useLetterCaseFiles(letterId);
  const { isDismissed, dismiss } = useDismissedSuggestions(letterId);
  if (caseFiles.data === undefined) return null;
  const { files, suggestions } = caseFiles.data;
  const suggestion = suggestions.find(
    (candidate) =>
      !isDismissed(candidate.file.id) && !files.some((file) => file.id === candidate.file.id),
  );
  if (suggestion === undefined) return null;
  return (
    <LetterCaseFileSuggestion
      key={suggestion.file.id}
      letterId={letterId}
      file={suggestion.file}
      reference={suggestion.reference}
      onDismiss={() => dismiss(suggestion.file.id)}
    />
  );
}
