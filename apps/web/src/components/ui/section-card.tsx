import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface SectionCardProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled part of a page (h2), labelled for assistive technology. */
export function SectionCard({ title, description, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p={{ base: 'md', sm: 'xl' }} aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3" id={headingId}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
