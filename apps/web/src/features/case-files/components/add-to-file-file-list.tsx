import { Group, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { CaseFile } from '@kuvert/shared/case-files';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { CASE_FILE_CHOICES_LIMIT, useCaseFileChoices } from '../api/get-case-file-choices.ts';
import { FileColorDot } from './add-to-file-color.tsx';
import classes from './add-to-file-dialog.module.css';

/** The radio value of "New file…"; file ids never look like it. */
export const NEW_FILE_CHOICE = ':new';

interface AddToFileFileListProps {
  accountId: string;
  /** A file's id, NEW_FILE_CHOICE or null (nothing chosen yet). */
  value: string | null;
  onChange: (value: string, file: CaseFile | null) => void;
  error?: string | undefined;
}

/**
 * Which file: the account's files, most recently active first, each with its colour, item
 * count and latest activity; a search for the others; and "New file…". Radios, so arrow keys
 * and screen readers work as in any form.
 */
export function AddToFileFileList({ accountId, value, onChange, error }: AddToFileFileListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const choices = useCaseFileChoices(accountId, query);
  const files = choices.data?.files ?? [];
  const hasMore = choices.data?.next_cursor != null;

  // Without any file yet, "New file…" is the only choice: taken, its title field shows at once.
  const hasNoFiles = choices.isSuccess && query === '' && files.length === 0;
  useEffect(() => {
    if (hasNoFiles && value === null) onChange(NEW_FILE_CHOICE, null);
  }, [hasNoFiles, value, onChange]);

  const choose = (next: string) => onChange(next, files.find((file) => file.id === next) ?? null);

  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={t('addToFile.files.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={200}
        data-autofocus
      />
      <Radio.Group
        label={t('addToFile.files.legend')}
        value={value}
        onChange={choose}
        error={error}
        required
      >
        {choices.isPending ? (
          <Stack gap="xs" mt="xs" role="status" aria-label={t('common.loading')}>
            <Skeleton height={52} />
            <Skeleton height={52} />
          </Stack>
        ) : choices.isError ? (
          <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />
        ) : (
          <div className={classes.choices}>
            {files.length === 0 ? (
              <Text size="sm" c="dimmed" px="xs" py={6} role="status">
                {query === '' ? t('addToFile.files.none') : t('addToFile.files.noMatch', { query })}
              </Text>
            ) : null}
            {files.map((file) => (
              <Radio
                key={file.id}
                value={file.id}
                data-file-id={file.id}
                classNames={{ root: classes.choice, body: classes.choiceBody }}
                label={
                  <Group gap={8} wrap="nowrap" component="span">
                    <FileColorDot color={file.color} size={12} />
                    <Text component="span" size="sm" fw={600} className={classes.choiceTitle}>
                      {file.title}
                    </Text>
                  </Group>
                }
                description={t('addToFile.files.facts', {
                  count: file.item_count,
                  date: formatListDate(file.last_activity_at),
                })}
              />
            ))}
            {hasMore ? (
              <Text size="xs" c="dimmed" px="xs">
                {t('addToFile.files.more', { max: CASE_FILE_CHOICES_LIMIT })}
              </Text>
            ) : null}
          </div>
        )}
        <Radio
          value={NEW_FILE_CHOICE}
          mt={6}
          classNames={{ root: classes.choice, body: classes.choiceBody }}
          label={
            <Text component="span" size="sm" fw={600}>
              {t('addToFile.newFile.option')}
            </Text>
          }
        />
      </Radio.Group>
    </Stack>
  );
}
