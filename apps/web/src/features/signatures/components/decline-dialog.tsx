import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  SIGNATURE_DECLINE_REASON_MAX_LENGTH,
  declineRequestSchema,
} from '@kuvert/shared/signatures';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeclineSignature } from '../api/decline-signature.ts';

interface DeclineDialogProps {
  letterId: string;
  providerName: string;
  opened: boolean;
  onClose: () => void;
}

/** Declining asks why: the provider and the other signers are told the reason. */
export function DeclineDialog({ letterId, providerName, opened, onClose }: DeclineDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('signatures.decline.title')}>
      {opened ? (
        <DeclineForm letterId={letterId} providerName={providerName} onClose={onClose} />
      ) : null}
    </AppModal>
  );
}

function DeclineForm({ letterId, providerName, onClose }: Omit<DeclineDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const decline = useDeclineSignature();
  const [reason, setReason] = useState('');
  const [isReasonMissing, setReasonMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = declineRequestSchema.safeParse({ reason });
    setReasonMissing(!parsed.success);
    if (!parsed.success) return;
    decline.mutate(
      { letterId, ...parsed.data },
      {
        onSuccess: () => {
          notify({ type: 'positive', message: t('signatures.decline.done') });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('signatures.decline.title')}>
      <Stack gap="md">
        <Text size="sm">{t('signatures.decline.text', { name: providerName })}</Text>
        {decline.isError ? (
          <FormAlert tone="error">{translateError(t, decline.error)}</FormAlert>
        ) : null}
        <Textarea
          label={t('signatures.decline.reason')}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={SIGNATURE_DECLINE_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonMissing(false);
          }}
          error={isReasonMissing ? t('signatures.decline.reasonMissing') : null}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" color="red.8" loading={decline.isPending}>
            {t('signatures.decline.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
