import {
  CloseButton,
  Group,
  NativeSelect,
  SegmentedControl,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { uploadKinds, uploadSorts } from '@kuvert/shared/uploads';
import type { UploadKind, UploadSort } from '@kuvert/shared/uploads';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UploadListFilter } from '../api/get-uploads.ts';
import type { UploadViewMode } from '../hooks/use-view-mode.ts';
import { kindLabel } from './upload-labels.ts';

/** Typing pauses this long before the list asks the server. */
const NAME_FILTER_DELAY_MS = 300;

interface UploadListToolbarProps {
  filter: UploadListFilter;
  viewMode: UploadViewMode;
  onSortChange: (sort: UploadSort) => void;
  onKindChange: (kind: UploadKind | null) => void;
  onNameChange: (name: string) => void;
  onViewModeChange: (mode: UploadViewMode) => void;
}

const isSort = (value: string): value is UploadSort => uploadSorts.some((sort) => sort === value);
const isKind = (value: string): value is UploadKind => uploadKinds.some((kind) => kind === value);

/** Find by name, show one kind, order, and grid or list. */
export function UploadListToolbar({
  filter,
  viewMode,
  onSortChange,
  onKindChange,
  onNameChange,
  onViewModeChange,
}: UploadListToolbarProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(filter.name);
  // The URL changed from outside (back, forward, a link): the field follows.
  const [shownFilterName, setShownFilterName] = useState(filter.name);
  if (shownFilterName !== filter.name) {
    setShownFilterName(filter.name);
    setName(filter.name);
  }
  useEffect(() => {
    if (name.trim() === filter.name) return;
    const timer = setTimeout(() => onNameChange(name), NAME_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, filter.name, onNameChange]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('uploads.filter.name')}
        placeholder={t('uploads.filter.namePlaceholder')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          name === '' ? null : (
            <CloseButton
              size="sm"
              aria-label={t('uploads.filter.clearName')}
              onClick={() => {
                setName('');
                onNameChange('');
              }}
            />
          )
        }
        style={{ flex: '1 1 220px' }}
      />
      <NativeSelect
        label={t('uploads.filter.kind')}
        value={filter.kind ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onKindChange(isKind(value) ? value : null);
        }}
        data={[
          { value: '', label: t('uploads.kinds.all') },
          ...uploadKinds.map((kind) => ({ value: kind, label: kindLabel(t, kind) })),
        ]}
        style={{ flex: '0 1 170px' }}
      />
      <NativeSelect
        label={t('uploads.sort.label')}
        value={filter.sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isSort(value)) onSortChange(value);
        }}
        data={uploadSorts.map((sort) => ({ value: sort, label: t(`uploads.sort.${sort}`) }))}
        style={{ flex: '0 1 170px' }}
      />
      <SegmentedControl
        aria-label={t('uploads.view.label')}
        value={viewMode}
        onChange={(value) => onViewModeChange(value === 'list' ? 'list' : 'grid')}
        data={[
          {
            value: 'grid',
            label: (
              <>
                <IconLayoutGrid size={18} aria-hidden="true" style={{ display: 'block' }} />
                <VisuallyHidden>{t('uploads.view.grid')}</VisuallyHidden>
              </>
            ),
          },
          {
            value: 'list',
            label: (
              <>
                <IconList size={18} aria-hidden="true" style={{ display: 'block' }} />
                <VisuallyHidden>{t('uploads.view.list')}</VisuallyHidden>
              </>
            ),
          },
        ]}
      />
    </Group>
  );
}
