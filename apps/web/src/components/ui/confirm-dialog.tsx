import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from './app-modal.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  isPending?: boolean;
  /** A destructive action is shown in red. */
  isDestructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks once before something that cannot be undone. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  isPending = false,
  isDestructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button
            color={isDestructive ? 'red.8' : undefined}
            loading={isPending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
