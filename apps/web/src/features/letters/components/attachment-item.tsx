import { ActionIcon, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../../lib/dates.ts';

interface AttachmentItemProps {
  name: string;
  size: number;
  /** Where it comes from, when that matters (an upload). */
  badge?: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}

/** One attachment of a letter being written: name, size, and a way to take it off again. */
export function AttachmentItem({
  name,
  size,
  badge = null,
  removeLabel,
  onRemove,
}: AttachmentItemProps) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {name}{' '}
          <Text span c="dimmed" size="xs">
            ({formatFileSize(size)})
          </Text>
        </Text>
        {badge}
      </Group>
      <ActionIcon variant="subtle" color="gray.8" onClick={onRemove} aria-label={removeLabel}>
        <IconX size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
