import { ActionIcon, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface RemovableRowProps {
  /** What is chosen (a file, a letter). */
  children: ReactNode;
  /** Names the thing removed ("Remove tenancy.pdf"). */
  removeLabel: string;
  onRemove: () => void;
  disabled: boolean;
  py?: number;
}

/** A list item in a box: something chosen, with a button that takes it out again. */
export function RemovableRow({
  children,
  removeLabel,
  onRemove,
  disabled,
  py = 4,
}: RemovableRowProps) {
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      justify="space-between"
      px="xs"
      py={py}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      {children}
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={onRemove}
        disabled={disabled}
        aria-label={removeLabel}
      >
        <IconX size={16} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
