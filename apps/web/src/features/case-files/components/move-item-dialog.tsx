import { Box, Button, Group, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { flattenCaseFilePages, useCaseFiles } from '../api/get-case-files.ts';
import { useMoveCaseFileItem } from '../api/move-case-file-item.ts';
import { caseFileColorVar } from './case-file-color.ts';

interface MoveItemDialogProps {
  item: CaseFileItem;
  accountId: string;
  opened: boolean;
  onClose: () => void;
  onMoved: (moved: CaseFileItem) => void;
}

/** Moves an item to another of the account's files, found by name. */
export function MoveItemDialog({ opened, onClose, ...props }: MoveItemDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('caseFiles.move.title')}>
      {opened ? <MoveItemBody onClose={onClose} {...props} /> : null}
    </AppModal>
  );
}

function MoveItemBody({ item, accountId, onClose, onMoved }: Omit<MoveItemDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [target, setTarget] = useState<string | null>(null);
  const files = useCaseFiles(accountId, { q, sort: 'title' });
  const others = flattenCaseFilePages(files.data).filter((file) => file.id !== item.file_id);
  const move = useMoveCaseFileItem(item.file_id, item.id);
  const chosen = others.find((file) => file.id === target);

  return (
    <Stack gap="md">
      <Text size="sm">
        {t('caseFiles.move.text', { title: item.title, from: item.file_title })}
      </Text>
      {move.isError ? <FormAlert tone="error">{translateError(t, move.error)}</FormAlert> : null}
      <TextInput
        type="search"
        label={t('caseFiles.move.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {files.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : files.isError ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : others.length === 0 ? (
        <Text size="sm" c="dimmed">
          {q === '' ? t('caseFiles.move.none') : t('caseFiles.list.noMatch', { search: q })}
        </Text>
      ) : (
        <Radio.Group
          value={target}
          onChange={setTarget}
          label={t('caseFiles.move.to')}
          styles={{ label: { marginBottom: 6 } }}
        >
          <Stack gap={4} mah="40vh" style={{ overflowY: 'auto' }}>
            {others.map((file) => (
              <Radio
                key={file.id}
                value={file.id}
                label={
                  <Group gap="xs" wrap="nowrap" component="span">
                    <Box
                      component="span"
                      w={12}
                      h={12}
                      style={{
                        borderRadius: '50%',
                        background: caseFileColorVar(file.color),
                        flex: 'none',
                      }}
                      aria-hidden="true"
                    />
                    <Text component="span" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {file.title}
                    </Text>
                  </Group>
                }
                description={t('caseFiles.itemCount', { count: file.item_count })}
                styles={{
                  root: {
                    padding: '6px 8px',
                    borderRadius: 'var(--mantine-radius-md)',
                    border: '1px solid var(--mantine-color-default-border)',
                  },
                  body: { alignItems: 'center' },
                }}
              />
            ))}
            {files.hasNextPage ? (
              <Button
                variant="subtle"
                size="xs"
                loading={files.isFetchingNextPage}
                onClick={() => void files.fetchNextPage()}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('letters.list.loadMore')}
              </Button>
            ) : null}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button
          disabled={chosen === undefined}
          loading={move.isPending}
          onClick={() => {
            if (chosen === undefined) return;
            move.mutate(chosen.id, { onSuccess: onMoved });
          }}
        >
          {chosen === undefined
            ? t('caseFiles.move.confirmNone')
            : t('caseFiles.move.confirm', { title: chosen.title })}
        </Button>
      </Group>
    </Stack>
  );
}
