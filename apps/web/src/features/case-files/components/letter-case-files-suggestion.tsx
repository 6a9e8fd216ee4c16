import { Alert, Button, Text } from '@mantine/core';
import { IconFolderSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { CaseFileRef } from '@kuvert/shared/case-files';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAddToCaseFile } from '../api/add-to-case-file.ts';
import classes from './letter-case-files.module.css';

interface LetterCaseFileSuggestionProps {
  letterId: string;
  file: CaseFileRef;
  /** The reference number as the file's item wrote it. */
  reference: string;
  onDismiss: () => void;
}

/**
 * "This letter mentions Kundennummer 4711-0815, which is in your file “Car insurance”. Add
 * it?" One click adds the letter as an item of its own; it then shows among the letter's files.
 */
export function LetterCaseFileSuggestion({
  letterId,
  file,
  reference,
  onDismiss,
}: LetterCaseFileSuggestionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddToCaseFile();

  const addLetter = () =>
    add.mutate(
      { fileId: file.id, body: { letter_ids: [letterId], mode: 'item_each' } },
      {
        onSuccess: () =>
          notify({
            type: 'positive',
            message: t('letterFiles.added', { file: file.title }),
            action: {
              label: t('addToFile.done.openFile'),
              onClick: () => void navigate(paths.file(file.id)),
            },
          }),
        onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
      },
    );

  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconFolderSearch size={20} aria-hidden="true" />}
      // A suggestion, not an alarm: a named region, not Mantine's role="alert".
      role="region"
      aria-label={t('letterFiles.suggestionLabel')}
      data-suggested-file={file.id}
      // The body may shrink: its text wraps and its buttons go below it on a phone.
      styles={{ body: { minWidth: 0 } }}
    >
      <div className={classes.suggestion}>
        <Text size="sm" className={classes.suggestionText}>
          {t('letterFiles.suggestion', { reference, file: file.title })}
        </Text>
        <div className={classes.suggestionActions}>
          <Button size="xs" onClick={addLetter} loading={add.isPending}>
            {t('letterFiles.add')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDismiss}>
            {t('letterFiles.dismiss')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
