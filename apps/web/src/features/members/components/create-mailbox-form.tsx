import { Button, Group, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { mailboxNameSchema } from '@kuvert/shared/members';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateMailbox } from '../api/change-members.ts';

/** A new shared mailbox (a household, a company) with the user as its owner. */
export function CreateMailboxForm() {
  const { t } = useTranslation();
  const create = useCreateMailbox();
  const [nameError, setNameError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = readTextField(new FormData(form), 'name').trim();
    if (!mailboxNameSchema.safeParse(name).success) {
      setNameError(t('mailboxes.create.nameRequired'));
      return;
    }
    setNameError(undefined);
    create.mutate(
      { name },
      {
        onSuccess: (account) => {
          form.reset();
          notify({ type: 'positive', message: t('mailboxes.create.done', { name: account.name }) });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('mailboxes.create.title')}>
      {create.isError ? (
        <FormAlert tone="error">{translateError(t, create.error)}</FormAlert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="name"
          label={t('mailboxes.create.name')}
          description={t('mailboxes.create.nameHint')}
          required
          maxLength={100}
          error={nameError}
          miw={260}
        />
        <Button type="submit" loading={create.isPending}>
          {t('mailboxes.create.submit')}
        </Button>
      </Group>
    </form>
  );
}
