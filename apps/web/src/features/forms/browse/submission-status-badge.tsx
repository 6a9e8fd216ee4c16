import { Badge } from '@mantine/core';
import type { FormSubmissionStatus } from '@kuvert/shared/forms';
import { useTranslation } from '../../../lib/i18n.ts';

const colors: Record<FormSubmissionStatus, string> = {
  processing: 'gray',
  delivered: 'teal',
  failed: 'red',
};

// Text dark enough for 4.5:1 on each light badge background.
const textColors: Record<FormSubmissionStatus, string> = {
  processing: 'var(--kuvert-color-quiet-text)',
  delivered: 'var(--kuvert-color-success-text)',
  failed: 'var(--kuvert-color-alert-text)',
};

/** Where a submitted form is: being prepared, with the provider, or stuck. */
export function SubmissionStatusBadge({
  status,
  providerName,
}: {
  status: FormSubmissionStatus;
  providerName: string;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={colors[status]}
      c={textColors[status]}
      radius="sm"
      tt="none"
      fw={600}
      maw="100%"
      data-submission-status={status}
    >
      {t(`forms.my.status.${status}`, { provider: providerName })}
    </Badge>
  );
}
