import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';

interface FormSentProps {
  reference: string;
  submittedAt: string;
  /** What happens next: the receipt, where to find the submission. */
  children?: ReactNode;
}

/** The answers went out: the reference to quote, when, and what comes next. Takes focus. */
export function FormSent({ reference, submittedAt, children }: FormSentProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-form-sent>
      <Stack gap="md" align="flex-start">
        <ThemeIcon variant="light" color="teal" size={48} radius="xl" aria-hidden="true">
          <IconCircleCheck size={28} />
        </ThemeIcon>
        <Title order={2} ref={heading} tabIndex={-1} fz="xl">
          {t('forms.fill.sent.title')}
        </Title>
        <Text>
          {t('forms.fill.sent.reference')}{' '}
          <Text component="strong" fw={700} ff="monospace" data-reference>
            {reference}
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          {t('forms.fill.sent.at', { time: formatDateTime(submittedAt) })}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
