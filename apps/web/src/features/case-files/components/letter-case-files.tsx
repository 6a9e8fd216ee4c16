import { Anchor, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLetterCaseFiles } from '../api/get-letter-case-files.ts';
import { FileColorDot } from './add-to-file-color.tsx';
import classes from './letter-case-files.module.css';
import { useDismissedSuggestions } from './letter-case-files-dismissed.ts';
import { LetterCaseFileSuggestion } from './letter-case-files-suggestion.tsx';

export interface LetterCaseFilesProps {
  letterId: string;
  /** Suggestions are offered to those who may add, for a letter not in the trash. */
  canSuggest: boolean;
}

/**
 * On a letter's page: the files it is in, each linking to the item that holds it, and files
 * its reference numbers point to, as a calm suggestion to add it. Nothing while it loads or
 * when the letter is in no file: the letter itself comes first.
 */
export function LetterCaseFiles({ letterId, canSuggest }: LetterCaseFilesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const caseFiles = useLetterCaseFiles(letterId);
  const { isDismissed, dismiss } = useDismissedSuggestions(letterId);
  if (caseFiles.data === undefined) return null;
  const { files, suggestions } = caseFiles.data;
  const shownSuggestions = canSuggest
    ? suggestions.filter(
        (suggestion) =>
          !isDismissed(suggestion.file.id) && !files.some((file) => file.id === suggestion.file.id),
      )
    : [];
  if (files.length === 0 && shownSuggestions.length === 0) return null;

  return (
    <Stack gap="sm" data-print-hide="">
      {files.length > 0 ? (
        <div className={classes.files}>
          <Text id={labelId} size="sm" c="dimmed" component="span">
            {t('letterFiles.inFiles')}
          </Text>
          <ul className={classes.list} aria-labelledby={labelId}>
            {files.map((file) => (
              <li key={file.item_id}>
                <Anchor
                  component={Link}
                  to={paths.fileItem(file.id, file.item_id)}
                  size="sm"
                  fw={600}
                  className={classes.link}
                >
                  <FileColorDot color={file.color} />
                  {t('letterFiles.itemLink', { file: file.title, item: file.item_title })}
                </Anchor>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shownSuggestions.map((suggestion) => (
        <LetterCaseFileSuggestion
          key={suggestion.file.id}
          letterId={letterId}
          file={suggestion.file}
          reference={suggestion.reference}
          onDismiss={() => dismiss(suggestion.file.id)}
        />
      ))}
    </Stack>
  );
}
