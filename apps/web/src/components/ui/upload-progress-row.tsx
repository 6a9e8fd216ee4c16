import { Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadInProgress } from '../../lib/use-pending-uploads.ts';

interface UploadProgressRowProps {
  file: UploadInProgress;
  checkingLabel: string;
  uploadingLabel: (percent: number) => string;
  progressLabel: string;
}

/** A list item: the file's name, how far it got (or that it is being checked) and a bar. */
export function UploadProgressRow({
  file,
  checkingLabel,
  uploadingLabel,
  progressLabel,
}: UploadProgressRowProps) {
  const percent = file.size === 0 ? 100 : Math.round((file.bytesSent / file.size) * 100);
  return (
    <Stack
      component="li"
      gap={4}
      px="xs"
      py={6}
      style={{
        border: '1px dashed var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {file.isChecking ? checkingLabel : uploadingLabel(percent)}
        </Text>
      </Group>
      <Progress value={percent} size="sm" aria-label={progressLabel} />
    </Stack>
  );
}
