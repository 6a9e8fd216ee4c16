import { Group, Skeleton, Stack } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The shape of a list while it loads, so nothing jumps when it arrives. Memoised: the session
 * and the letters arrive while it stands, each re-rendering the list around it.
 */
export const LetterListSkeleton = memo(function LetterListSkeleton({
  rows = 6,
}: {
  rows?: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Group
          key={index}
          gap="md"
          wrap="nowrap"
          px="md"
          py="sm"
          style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
        >
          <Skeleton circle height={40} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={10} width="30%" />
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="90%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
});
