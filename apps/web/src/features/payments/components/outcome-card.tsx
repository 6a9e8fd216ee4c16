import { Flex, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconInfoCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';

export type OutcomeTone = 'progress' | 'success' | 'danger' | 'waiting' | 'neutral';

const toneIcons: Record<Exclude<OutcomeTone, 'progress'>, { color: string; icon: ReactNode }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={28} /> },
  danger: { color: 'red', icon: <IconAlertTriangle size={28} /> },
  waiting: { color: 'orange', icon: <IconClockHour4 size={28} /> },
  neutral: { color: 'kuvert', icon: <IconInfoCircle size={28} /> },
};

interface OutcomeCardProps {
  tone: OutcomeTone;
  title: string;
  /** A line above the title: which invoice this is about. */
  context?: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** One step of paying: where it stands, in a sentence or two, and what to do next. */
export function OutcomeCard({ tone, title, context, children, actions }: OutcomeCardProps) {
  const headingId = useId();
  const look = tone === 'progress' ? null : toneIcons[tone];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      data-outcome={tone}
    >
      <Flex gap="md" direction={{ base: 'column', xs: 'row' }} align="flex-start">
        {look === null ? (
          <ThemeIcon variant="light" color="kuvert" size={48} radius="xl" aria-hidden="true">
            <Loader size={24} color="kuvert" />
          </ThemeIcon>
        ) : (
          <ThemeIcon variant="light" color={look.color} size={48} radius="xl" aria-hidden="true">
            {look.icon}
          </ThemeIcon>
        )}
        <Stack gap="sm" style={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}>
          <Stack gap={2}>
            {context ? (
              <Text size="sm" c="dimmed">
                {context}
              </Text>
            ) : null}
            <Title order={2} fz="h3" id={headingId}>
              {title}
            </Title>
          </Stack>
          {children}
          {actions ? (
            <Flex
              gap="sm"
              mt={4}
              wrap="wrap"
              direction={{ base: 'column', xs: 'row' }}
              align={{ base: 'stretch', xs: 'center' }}
            >
              {actions}
            </Flex>
          ) : null}
        </Stack>
      </Flex>
    </Paper>
  );
}
