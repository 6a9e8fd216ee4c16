import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { searchKinds } from '@kuvert/shared/search';
import type { SearchKind } from '@kuvert/shared/search';
import { useTranslation } from '../../../lib/i18n.ts';

interface SearchKindControlProps {
  kind: SearchKind;
  onChange: (kind: SearchKind) => void;
}

function isSearchKind(value: string): value is SearchKind {
  return searchKinds.some((kind) => kind === value);
}

/** Letters and uploads together, or only one of them. */
export function SearchKindControl({ kind, onChange }: SearchKindControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text id={labelId} size="sm" c="dimmed">
        {t('search.kind.label')}
      </Text>
      <SegmentedControl
        size="xs"
        radius="xl"
        value={kind}
        onChange={(value) => {
          if (isSearchKind(value)) onChange(value);
        }}
        data={searchKinds.map((value) => ({ value, label: t(`search.kind.${value}`) }))}
        aria-labelledby={labelId}
      />
    </Group>
  );
}
