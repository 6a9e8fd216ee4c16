import { Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadUsage } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** How much of the mailbox's room the uploads (those in the trash too) take. */
export function UploadUsageMeter({ usage }: { usage: UploadUsage }) {
  const { t } = useTranslation();
  const share = usage.quota_bytes > 0 ? (usage.used_bytes / usage.quota_bytes) * 100 : 100;
  const isNearlyFull = share >= 90;
  const used = t('uploads.usage.used', {
    used: formatFileSize(usage.used_bytes),
    quota: formatFileSize(usage.quota_bytes),
  });
  return (
    <Stack gap={6} w={{ base: '100%', xs: 420 }} data-testid="upload-usage">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {used}
        </Text>
        <Text size="xs" c="dimmed">
          {t('uploads.usage.perFile', { size: formatFileSize(usage.max_file_bytes) })}
        </Text>
      </Group>
      <Progress.Root size="sm" radius="xl">
        <Progress.Section
          // Rounded: a tiny share in exponent notation ("7.2e-7") is no valid aria-valuenow.
          value={Math.min(100, Math.round(share * 100) / 100)}
          color={isNearlyFull ? 'red' : undefined}
          aria-label={t('uploads.usage.label')}
          aria-valuetext={used}
        />
      </Progress.Root>
    </Stack>
  );
}
