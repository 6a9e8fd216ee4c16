import { Anchor, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLetterCaseFiles } from '../api/get-letter-case-files.ts';
import { FileColorDot } from './add-to-file-color.tsx';
import classes from './letter-case-files.module.css';

export interface LetterCaseFilesProps {
  letterId: string;
}

/**
 * On a letter's page, after its documents: the files it is in, each linking to the item that
 * holds it. Nothing while it loads or when the letter is in no file: the letter comes first.
 * (Suggested files show in the letter's header, in space kept for them.)
 */
export function LetterCaseFiles({ letterId }: LetterCaseFilesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const caseFiles = useLetterCaseFiles(letterId);
  const files = caseFiles.data?.files ?? [];
  if (files.length === 0) return null;

  return (
    <div className={classes.files} data-print-hide="">
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
  );
}
