import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconPaperclip, IconSignature } from '@tabler/icons-react';
import type { LetterSummary } from '@kuvert/shared/letters';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

// Mantine's darkest orange is below 4.5:1 on its own light background; this one is not.
export const INVOICE_TEXT = '#a33d0b';

/** What kind of letter it is, at a glance: invoice amount and due date, signature, files. */
export function LetterBadges({ letter }: { letter: LetterSummary }) {
  const { t } = useTranslation();
  const hasBadges =
    letter.invoice !== null ||
    letter.kind === 'signature_request' ||
    letter.document_count > 0 ||
    letter.direction === 'outbound';
  if (!hasBadges) return null;
  return (
    <Group gap={6} mt={6} wrap="wrap">
      {letter.direction === 'outbound' ? (
        <DeliveryStatusBadge status={letter.delivery_status} />
      ) : null}
      {letter.invoice ? (
        <Badge variant="light" color="orange" c={INVOICE_TEXT} radius="sm" tt="none" fw={600}>
          {t('letters.badges.invoice', {
            amount: formatMoney(letter.invoice.amount, letter.invoice.currency),
            date: formatCalendarDate(letter.invoice.due_date),
          })}
        </Badge>
      ) : null}
      {letter.kind === 'signature_request' ? (
        <Badge
          variant="light"
          color="grape"
          c="grape.9"
          radius="sm"
          tt="none"
          fw={600}
          leftSection={<IconSignature size={14} aria-hidden="true" />}
        >
          {t('letters.badges.signature')}
        </Badge>
      ) : null}
      {letter.document_count > 0 ? (
        <Badge
          variant="outline"
          color="gray.5"
          c="gray.8"
          radius="sm"
          tt="none"
          fw={600}
          leftSection={<IconPaperclip size={14} aria-hidden="true" />}
        >
          <span aria-hidden="true">{letter.document_count}</span>
          <VisuallyHidden>
            {t('letters.badges.documents', { count: letter.document_count })}
          </VisuallyHidden>
        </Badge>
      ) : null}
    </Group>
  );
}
