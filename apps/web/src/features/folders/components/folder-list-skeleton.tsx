import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

export function FolderListSkeleton() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((index) => (
        <Group
          key={index}
          gap="sm"
          p="md"
          style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
        >
          <Skeleton height={34} width={34} radius="md" />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="40%" />
            <Skeleton height={10} width="25%" />
          </Stack>
        </Group>
      ))}
    </Paper>
  );
}
