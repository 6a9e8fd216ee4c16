import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One kind of thing in the trash (folders, uploads, contacts): a titled list of its items. */
export function TrashedList({
  id,
  title,
  children,
  dialog,
}: {
  id: string;
  title: string;
  /** `TrashedItem`s. */
  children: ReactNode;
  /** The delete-forever confirmation. */
  dialog: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId}>
        {title}
      </Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{children}</ul>
      </Paper>
      {dialog}
    </Stack>
  );
}

interface TrashedAction {
  label: string;
  /** Names the item, for screen readers: "Restore “Tax”". */
  ariaLabel: string;
  onClick: () => void;
}

/** An item in the trash: what it is, and Restore and Delete forever. */
export function TrashedItem({
  visual,
  name,
  details,
  canWrite,
  restore,
  isRestoring,
  deleteForever,
}: {
  /** An icon or thumbnail before the name, if any. */
  visual?: ReactNode;
  name: string;
  details: ReactNode;
  canWrite: boolean;
  restore: TrashedAction;
  isRestoring: boolean;
  deleteForever: TrashedAction;
}) {
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      px={{ base: 'sm', sm: 'md' }}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
        {visual}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate title={name}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {details}
          </Text>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRestore size={16} aria-hidden="true" />}
          disabled={!canWrite}
          loading={isRestoring}
          onClick={restore.onClick}
          aria-label={restore.ariaLabel}
        >
          {restore.label}
        </Button>
        <Button
          variant="default"
          color="red"
          size="xs"
          leftSection={<IconTrashX size={16} aria-hidden="true" />}
          disabled={!canWrite}
          onClick={deleteForever.onClick}
          aria-label={deleteForever.ariaLabel}
        >
          {deleteForever.label}
        </Button>
      </Group>
    </Group>
  );
}
