import { ActionIcon, Button, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFolderSearch, IconX } from '@tabler/icons-react';
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

  const sentence = t('letterFiles.suggestion', { reference, file: file.title });
  return (
    <div
      // A suggestion, not an alarm: a named region, not role="alert".
      role="region"
      aria-label={t('letterFiles.suggestionLabel')}
      data-suggested-file={file.id}
      className={classes.suggestion}
    >
      <IconFolderSearch size={18} aria-hidden="true" className={classes.suggestionIcon} />
      {/* One line in the room kept for it: the file first, so a phone cuts the number off. */}
      <Text size="sm" className={classes.suggestionText} title={sentence} aria-hidden="true">
        <Text span visibleFrom="sm" inherit c="dimmed">
          {t('letterFiles.suggestionLead')}{' '}
        </Text>
        {t('letterFiles.suggestionShort', { reference, file: file.title })}
      </Text>
      <VisuallyHidden>{sentence}</VisuallyHidden>
      {/* On a phone the short word leaves room for the file's name; the name says it all. */}
      <Button
        size="compact-sm"
        flex="none"
        onClick={addLetter}
        loading={add.isPending}
        aria-label={t('letterFiles.add')}
      >
        <Text span inherit visibleFrom="sm">
          {t('letterFiles.add')}
        </Text>
        <Text span inherit hiddenFrom="sm">
          {t('letterFiles.addShort')}
        </Text>
      </Button>
      <Tooltip label={t('letterFiles.dismiss')}>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size={28}
          onClick={onDismiss}
          aria-label={t('letterFiles.dismiss')}
        >
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
