import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReceipt, IconSignature } from '@tabler/icons-react';
import type { LetterDetail } from '@kuvert/shared/letters';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { INVOICE_TEXT } from './letter-badges.tsx';

interface LetterFactsProps {
  letter: LetterDetail;
  /** Off where the invoice panel shows the invoice with its payment. */
  showInvoice?: boolean;
  /** Off where the signature panel shows the request with its signers. */
  showSignature?: boolean;
}

/** The facts of an invoice or signature request, where no panel of their own shows them. */
export function LetterFacts({
  letter,
  showInvoice = true,
  showSignature = true,
}: LetterFactsProps) {
  const { t } = useTranslation();
  return (
    <>
      {showInvoice && letter.invoice ? (
        <Alert
          variant="light"
          color="orange"
          radius="md"
          icon={<IconReceipt aria-hidden="true" />}
          title={t('letters.facts.invoice')}
          styles={{ title: { color: INVOICE_TEXT }, icon: { color: INVOICE_TEXT } }}
        >
          <Group gap="xl" wrap="wrap">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('letters.facts.amount')}
              </Text>
              <Text fw={700} size="lg">
                {formatMoney(letter.invoice.amount, letter.invoice.currency)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('letters.facts.dueDate')}
              </Text>
              <Text fw={700} size="lg">
                {formatCalendarDate(letter.invoice.due_date)}
              </Text>
            </Stack>
          </Group>
        </Alert>
      ) : null}
      {showSignature && letter.kind === 'signature_request' ? (
        <Alert
          variant="light"
          color="grape"
          radius="md"
          icon={<IconSignature aria-hidden="true" />}
          title={t('letters.facts.signature')}
          styles={{ title: { color: 'var(--mantine-color-grape-9)' } }}
        >
          {t('letters.facts.signatureText')}
        </Alert>
      ) : null}
      {letter.delivery_status === 'failed' ? (
        <Alert
          variant="light"
          color="red"
          radius="md"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t('letters.delivery.failed')}
        >
          {letter.delivery_failure_reason ?? t('letters.facts.failedUnknown')}
        </Alert>
      ) : null}
    </>
  );
}
