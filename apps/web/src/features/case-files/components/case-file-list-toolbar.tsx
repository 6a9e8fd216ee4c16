import { CloseButton, Group, Loader, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { caseFileSorts } from '@kuvert/shared/case-files';
import type { CaseFileSort } from '@kuvert/shared/case-files';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CaseFileListFilter } from '../api/get-case-files.ts';

/** Typing pauses this long before the list asks the server. */
const SEARCH_DELAY_MS = 300;

interface CaseFileListToolbarProps {
  filter: CaseFileListFilter;
  isSearching: boolean;
  onSearchChange: (q: string) => void;
  onSortChange: (sort: CaseFileSort) => void;
}

const isSort = (value: string): value is CaseFileSort =>
  caseFileSorts.some((sort) => sort === value);

/** Find files by the words of their title or description, and choose their order. */
export function CaseFileListToolbar({
  filter,
  isSearching,
  onSearchChange,
  onSortChange,
}: CaseFileListToolbarProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filter.q);
  // The URL changed from outside (back, forward, a link): the field follows.
  const [shownQ, setShownQ] = useState(filter.q);
  if (shownQ !== filter.q) {
    setShownQ(filter.q);
    setSearch(filter.q);
  }
  useEffect(() => {
    if (search.trim() === filter.q) return;
    const timer = setTimeout(() => onSearchChange(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.q, onSearchChange]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('caseFiles.list.search')}
        placeholder={t('caseFiles.list.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={
          isSearching ? (
            <Loader size="xs" aria-hidden="true" />
          ) : search === '' ? null : (
            <CloseButton
              size="sm"
              aria-label={t('caseFiles.list.clearSearch')}
              onClick={() => {
                setSearch('');
                onSearchChange('');
              }}
            />
          )
        }
        style={{ flex: '1 1 240px' }}
      />
      <NativeSelect
        label={t('caseFiles.list.sort')}
        value={filter.sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isSort(value)) onSortChange(value);
        }}
        data={caseFileSorts.map((sort) => ({ value: sort, label: t(`caseFiles.sorts.${sort}`) }))}
        style={{ flex: '0 1 200px' }}
      />
    </Group>
  );
}
