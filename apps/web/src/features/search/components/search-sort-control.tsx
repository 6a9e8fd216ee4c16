import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { searchSorts } from '@kuvert/shared/search';
import type { SearchSort } from '@kuvert/shared/search';
import { useTranslation } from '../../../lib/i18n.ts';

interface SearchSortControlProps {
  sort: SearchSort;
  onChange: (sort: SearchSort) => void;
}

function isSearchSort(value: string): value is SearchSort {
  return searchSorts.some((sort) => sort === value);
}

/** Best matches first, or newest first: always visible, so the order is never a riddle. */
export function SearchSortControl({ sort, onChange }: SearchSortControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text id={labelId} size="sm" c="dimmed">
        {t('search.sort.label')}
      </Text>
      <SegmentedControl
        size="xs"
        radius="xl"
        value={sort}
        onChange={(value) => {
          if (isSearchSort(value)) onChange(value);
        }}
        data={searchSorts.map((value) => ({ value, label: t(`search.sort.${value}`) }))}
        aria-labelledby={labelId}
      />
    </Group>
  );
}
