import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { FormSubmissionSummary } from '@kuvert/shared/forms';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { receiptHref } from '../api/get-form-submissions.ts';
import { ProviderLine } from './form-card.tsx';
import { SubmissionStatusBadge } from './submission-status-badge.tsx';

/** Sent forms, newest first: what, to whom, its reference, where it is, and the receipt. */
export function FormSubmissionList({
  submissions,
  label,
}: {
  submissions: readonly FormSubmissionSummary[];
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      aria-label={label}
      gap="sm"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {submissions.map((submission) => (
        <Paper
          key={submission.id}
          component="li"
          withBorder
          radius="lg"
          px={{ base: 'sm', sm: 'md' }}
          py="sm"
          data-submission-id={submission.id}
          aria-label={submission.form.title}
        >
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {submission.form.title}
              </Text>
              <ProviderLine provider={submission.provider} size={22} />
              <Text size="sm" c="dimmed">
                {t('forms.my.submissions.reference')}{' '}
                <Text span ff="monospace" c="var(--mantine-color-text)">
                  {submission.reference}
                </Text>
                {' · '}
                <time dateTime={submission.created_at}>
                  {t('forms.my.submissions.submittedAt', {
                    date: formatDateTime(submission.created_at),
                  })}
                </time>
                {submission.submitted_by_name
                  ? ` · ${t('forms.my.submissions.by', { name: submission.submitted_by_name })}`
                  : ''}
              </Text>
              {submission.status === 'failed' ? (
                <Text size="sm" c="var(--kuvert-color-alert-text)">
                  {submission.failure_reason
                    ? t('forms.my.submissions.failedBecause', {
                        reason: submission.failure_reason,
                      })
                    : t('forms.my.submissions.failed')}
                </Text>
              ) : null}
            </Stack>
            <Stack gap={8} align="flex-end">
              <SubmissionStatusBadge
                status={submission.status}
                providerName={submission.provider.name}
              />
              {submission.receipt_url !== null ? (
                <Anchor
                  href={receiptHref(submission.receipt_url)}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                  fw={600}
                  aria-label={t('forms.my.submissions.openReceiptNamed', {
                    title: submission.form.title,
                    reference: submission.reference,
                  })}
                >
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconFileTypePdf size={16} aria-hidden="true" />
                    {t('forms.my.submissions.openReceipt')}
                  </Group>
                </Anchor>
              ) : null}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
