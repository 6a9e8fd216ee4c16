import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}

/** What an empty list says: why it is empty and what comes next, calmly. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center">
      <ThemeIcon variant="light" size={64} radius="xl" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {text ? (
        <Text c="dimmed" maw={440}>
          {text}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
