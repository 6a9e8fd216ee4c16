import { Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { UploadThumbnail } from '../../../components/ui/upload-thumbnail.tsx';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { flattenUploadPages, useUploadChoices } from '../api/get-upload-choices.ts';

export interface UploadPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen uploads, in the order they were ticked. The caller closes the picker. */
  onPick: (uploads: UploadSummary[]) => void;
  accountId: string;
  /** Content types that can be used here; uploads of other types are not listed. */
  accept: readonly string[];
  /** Larger uploads are listed but cannot be chosen, saying why. */
  maxBytes?: number;
  /** How many may be chosen at most. */
  maxCount?: number;
  /** Already in use where the picker was opened: listed, ticked, not chosen again. */
  attachedIds?: readonly string[];
  title?: string;
}

/**
 * Chooses some of the account's uploads: filter by name, tick one or several (thumbnail,
 * name, kind, size and date each), confirm. A list of checkboxes, so the keyboard (Tab,
 * Space) and screen readers work as with any form.
 */
export function UploadPicker({ opened, onClose, title, ...props }: UploadPickerProps) {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title ?? t('uploadReuse.picker.title')}
      size="lg"
    >
      {/* Built afresh at each opening: nothing chosen, no filter. */}
      {opened ? <UploadPickerBody onClose={onClose} {...props} /> : null}
    </AppModal>
  );
}

type UploadPickerBodyProps = Omit<UploadPickerProps, 'opened' | 'title'>;

function UploadPickerBody({
  onClose,
  onPick,
  accountId,
  accept,
  maxBytes = Number.POSITIVE_INFINITY,
  maxCount = Number.POSITIVE_INFINITY,
  attachedIds = [],
}: UploadPickerBodyProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [name] = useDebouncedValue(filter.trim(), 250);
  // Kept whole: what was ticked stays chosen while the filter hides it.
  const [chosen, setChosen] = useState<ReadonlyMap<string, UploadSummary>>(new Map());
  const choices = useUploadChoices(accountId, name, true);
  const uploads = flattenUploadPages(choices.data).filter((upload) =>
    accept.includes(upload.content_type),
  );
  const isFull = chosen.size >= maxCount;

  const toggle = (upload: UploadSummary, isTicked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (isTicked) next.set(upload.id, upload);
      else next.delete(upload.id);
      return next;
    });
  const confirm = () => onPick([...chosen.values()]);

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('uploadReuse.picker.filter')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        {t('uploadReuse.picker.onlyUsable')}
      </Text>
      <Text size="sm" fw={600} role="status">
        {maxCount === Number.POSITIVE_INFINITY
          ? t('uploadReuse.picker.chosen', { count: chosen.size })
          : t('uploadReuse.picker.chosenOf', { count: chosen.size, max: maxCount })}
      </Text>
      {choices.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common.loading')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : choices.isError ? (
        <ErrorState error={choices.error} onRetry={() => void choices.refetch()} />
      ) : uploads.length === 0 && !choices.hasNextPage ? (
        <Text size="sm">
          {name === '' ? t('uploadReuse.picker.empty') : t('uploadReuse.picker.noMatch', { name })}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-label={t('uploadReuse.picker.listLabel')}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto' }}
        >
          {uploads.map((upload) => {
            const isAttached = attachedIds.includes(upload.id);
            const isTicked = isAttached || chosen.has(upload.id);
            const isTooLarge = upload.size > maxBytes;
            const isDisabled = isAttached || isTooLarge || (isFull && !isTicked);
            return (
              <li key={upload.id} data-upload-id={upload.id}>
                <Checkbox
                  checked={isTicked}
                  disabled={isDisabled}
                  onChange={(event) => toggle(upload, event.currentTarget.checked)}
                  label={
                    <Group gap="sm" wrap="nowrap" component="span">
                      <UploadThumbnail upload={upload} />
                      <Text
                        component="span"
                        fw={600}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {upload.name}
                      </Text>
                    </Group>
                  }
                  description={uploadFacts(t, upload, {
                    isAttached,
                    isTooLarge,
                    maxBytes,
                  })}
                  styles={{
                    body: { alignItems: 'center' },
                    root: {
                      padding: '6px 8px',
                      borderRadius: 'var(--mantine-radius-md)',
                      border: '1px solid var(--mantine-color-default-border)',
                    },
                    // Under the name, past the thumbnail (40 px and the gap).
                    description: { paddingInlineStart: 'calc(var(--mantine-spacing-sm) + 52px)' },
                  }}
                />
              </li>
            );
          })}
        </Stack>
      )}
      {choices.hasNextPage ? (
        <Button
          variant="subtle"
          size="xs"
          loading={choices.isFetchingNextPage}
          onClick={() => void choices.fetchNextPage()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('uploadReuse.picker.loadMore')}
        </Button>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={confirm} disabled={chosen.size === 0}>
          {chosen.size === 0
            ? t('uploadReuse.picker.confirmNone')
            : t('uploadReuse.picker.confirm', { count: chosen.size })}
        </Button>
      </Group>
    </Stack>
  );
}

function uploadFacts(
  t: TFunction,
  upload: UploadSummary,
  state: { isAttached: boolean; isTooLarge: boolean; maxBytes: number },
): string {
  const facts = [
    t(`uploadReuse.kinds.${upload.kind}`),
    formatFileSize(upload.size),
    formatListDate(upload.created_at),
  ];
  if (state.isAttached) facts.push(t('uploadReuse.picker.alreadyAttached'));
  else if (state.isTooLarge) {
    facts.push(t('uploadReuse.picker.tooLarge', { max: formatFileSize(state.maxBytes) }));
  }
  return facts.join(' · ');
}
