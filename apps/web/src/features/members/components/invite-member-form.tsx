import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { accountRoles, type AccountRole } from '@kuvert/shared/accounts';
import { emailSchema } from '@kuvert/shared/auth';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { localIsoDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useInviteMember } from '../api/change-members.ts';

interface InviteErrors {
  email?: string;
  accessUntil?: string;
}

function isRole(value: string): value is AccountRole {
  return accountRoles.some((role) => role === value);
}

/**
 * An owner invites someone by e-mail, with a role, an optional last day, and whether they must
 * verify their identity before they can accept.
 */
export function InviteMemberForm({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const invite = useInviteMember(accountId);
  const [role, setRole] = useState<AccountRole>('member');
  const [errors, setErrors] = useState<InviteErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = emailSchema.safeParse(readTextField(data, 'email'));
    const accessUntil = readTextField(data, 'accessUntil');
    const next: InviteErrors = {
      ...(email.success ? {} : { email: t('validation.email') }),
      ...(accessUntil !== '' && accessUntil < localIsoDate()
        ? { accessUntil: t('mailboxes.errors.endDatePast') }
        : {}),
      ...(accessUntil !== '' && role === 'owner'
        ? { accessUntil: t('mailboxes.errors.ownerNoEndDate') }
        : {}),
    };
    setErrors(next);
    if (!email.success || next.accessUntil) return;
    invite.mutate(
      {
        email: email.data,
        role,
        access_until: accessUntil === '' ? null : accessUntil,
        requires_identity: data.get('requiresIdentity') === 'on',
      },
      {
        onSuccess: () => {
          form.reset();
          notify({ type: 'positive', message: t('mailboxes.invite.sent', { email: email.data }) });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('mailboxes.invite.title')}>
      {invite.isError ? (
        <FormAlert tone="error">{translateError(t, invite.error)}</FormAlert>
      ) : null}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          name="email"
          type="email"
          label={t('mailboxes.invite.email')}
          autoComplete="off"
          required
          error={errors.email}
          miw={240}
        />
        <NativeSelect
          label={t('mailboxes.invite.role')}
          data={accountRoles.map((value) => ({ value, label: t(`mailboxes.roles.${value}`) }))}
          value={role}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isRole(value)) setRole(value);
          }}
          w={200}
        />
        <TextInput
          name="accessUntil"
          type="date"
          label={t('mailboxes.invite.until')}
          description={t('mailboxes.invite.untilHint')}
          error={errors.accessUntil}
          disabled={role === 'owner'}
          w={200}
        />
      </Group>
      <Checkbox
        name="requiresIdentity"
        mt="sm"
        label={t('mailboxes.invite.requiresIdentity')}
        description={t('mailboxes.invite.requiresIdentityHint')}
      />
      <Group mt="sm">
        <Button type="submit" loading={invite.isPending}>
          {t('mailboxes.invite.submit')}
        </Button>
      </Group>
    </form>
  );
}
