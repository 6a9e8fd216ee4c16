import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useMarkInvoicePaid } from '../api/mark-invoice-paid.ts';
import { localIsoDate } from '../../../lib/dates.ts';
import { checkPaidOn } from './bank-formats.ts';
import type { PaidOnProblem } from './bank-formats.ts';

interface MarkPaidDialogProps {
  letterId: string;
  opened: boolean;
  onClose: () => void;
}

/** "I paid this another way": asks for the day, today unless the user says otherwise. */
export function MarkPaidDialog({ letterId, opened, onClose }: MarkPaidDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('invoices.markPaid.title')}>
      {/* Mounted per opening, so the date starts at today each time. */}
      {opened ? <MarkPaidForm letterId={letterId} onClose={onClose} /> : null}
    </AppModal>
  );
}

function MarkPaidForm({ letterId, onClose }: { letterId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const today = localIsoDate();
  const [paidOn, setPaidOn] = useState(today);
  const [problem, setProblem] = useState<PaidOnProblem | null>(null);
  const markPaid = useMarkInvoicePaid();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkPaidOn(paidOn, today);
    setProblem(found);
    if (found !== null) return;
    markPaid.mutate(
      { letterId, paid_on: paidOn },
      {
        onSuccess: () => {
          notify({ type: 'positive', message: t('invoices.markPaid.done') });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('invoices.markPaid.title')}>
      <Stack gap="md">
        <Text size="sm">{t('invoices.markPaid.text')}</Text>
        {markPaid.isError ? (
          <FormAlert tone="error">{translateError(t, markPaid.error)}</FormAlert>
        ) : null}
        <TextInput
          type="date"
          label={t('invoices.markPaid.date')}
          value={paidOn}
          max={today}
          required
          onChange={(event) => {
            setPaidOn(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem === null ? undefined : t(`invoices.markPaid.${problem}`)}
          maw={220}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={markPaid.isPending}>
            {t('invoices.markPaid.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
