import { Anchor, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DELETION_CODE_LENGTH } from '@kuvert/shared/account-deletion';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { readTextField } from '../../../lib/form-data.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { endSession } from '../../../lib/session.ts';
import { useConfirmDeletion, useRequestDeletion } from '../api/request-deletion.ts';
import { formatDeletionDate } from './deletion-date.ts';

interface Blocker {
  id: string;
  name: string;
  members: string[];
}

/** The mailboxes of ACCOUNT_DELETION_BLOCKED's details, read defensively. */
function blockersOf(error: unknown): Blocker[] {
  if (!(error instanceof ApiError) || error.code !== 'ACCOUNT_DELETION_BLOCKED') return [];
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('mailboxes' in details)) return [];
  const { mailboxes } = details;
  if (!Array.isArray(mailboxes)) return [];
  return mailboxes.flatMap((mailbox: unknown) => {
    if (typeof mailbox !== 'object' || mailbox === null) return [];
    if (!('id' in mailbox) || !('name' in mailbox) || !('members' in mailbox)) return [];
    const { id, name, members } = mailbox;
    if (typeof id !== 'string' || typeof name !== 'string' || !Array.isArray(members)) return [];
    const names = members.flatMap((member: unknown) =>
      typeof member === 'object' && member !== null && 'name' in member
        ? [String(member.name)]
        : [],
    );
    return [{ id, name, members: names }];
  });
}

function attemptsLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'DELETION_CODE_INVALID') return null;
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('attempts_left' in details)) {
    return null;
  }
  return typeof details.attempts_left === 'number' ? details.attempts_left : null;
}

/** Profile → Delete account: the password, then the mailed code; then logged out. */
export function DeleteAccountFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requestMutation = useRequestDeletion();
  const confirmMutation = useConfirmDeletion();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();

  const handleRequest = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = readTextField(new FormData(event.currentTarget), 'password');
    if (password === '') {
      setPasswordError(t('validation.required'));
      return;
    }
    setPasswordError(undefined);
    requestMutation.mutate(
      { password },
      {
        onSuccess: () => {
          setCodeError(undefined);
          confirmMutation.reset();
          setStep('code');
        },
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_WRONG')) setPasswordError(t('errors.PASSWORD_WRONG'));
        },
      },
    );
  };

  const handleConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = readTextField(new FormData(event.currentTarget), 'code').replace(/\s/g, '');
    if (!new RegExp(`^\\d{${DELETION_CODE_LENGTH}}$`).test(code)) {
      setCodeError(t('accountDeletion.codeRequired'));
      return;
    }
    setCodeError(undefined);
    confirmMutation.mutate(
      { code },
      {
        onSuccess: ({ deletion_due_at: dueAt }) => {
          endSession('logout');
          queryClient.clear();
          notify({
            type: 'info',
            timeout: 0,
            message: t('accountDeletion.scheduled', { date: formatDeletionDate(dueAt) }),
          });
          void navigate(paths.login(), { replace: true });
        },
        onError: (error) => {
          const left = attemptsLeftOf(error);
          if (left !== null) setCodeError(t('accountDeletion.attemptsLeft', { count: left }));
        },
      },
    );
  };

  const blockers = blockersOf(requestMutation.error);
  const requestFailed =
    requestMutation.isError && blockers.length === 0 && passwordError === undefined;
  const confirmFailed = confirmMutation.isError && codeError === undefined;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t('accountDeletion.goesTitle')}
        </Title>
        <Text size="sm">{t('accountDeletion.goes')}</Text>
        <Title order={3} fz="md">
          {t('accountDeletion.staysTitle')}
        </Title>
        <Text size="sm">{t('accountDeletion.stays')}</Text>
        <Title order={3} fz="md">
          {t('accountDeletion.graceTitle')}
        </Title>
        <Text size="sm">{t('accountDeletion.grace')}</Text>
      </Stack>

      {blockers.length > 0 ? (
        <FormAlert tone="error" title={t('accountDeletion.blockedTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('accountDeletion.blockedIntro')}</Text>
            <List size="sm" data-testid="deletion-blockers">
              {blockers.map((mailbox) => (
                <List.Item key={mailbox.id}>
                  {t('accountDeletion.blockedMailbox', {
                    name: mailbox.name,
                    members: mailbox.members.join(', '),
                  })}
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={paths.profileMailboxes()} size="sm">
              {t('accountDeletion.manageMailboxes')}
            </Anchor>
          </Stack>
        </FormAlert>
      ) : null}

      {step === 'password' ? (
        <form onSubmit={handleRequest} noValidate aria-label={t('accountDeletion.pageTitle')}>
          <Stack gap="md" maw={420}>
            {requestFailed ? (
              <FormAlert tone="error">{translateError(t, requestMutation.error)}</FormAlert>
            ) : null}
            <PasswordField
              name="password"
              label={t('accountDeletion.passwordLabel')}
              autoComplete="current-password"
              required
              error={passwordError}
            />
            <Group>
              <Button type="submit" color="red.9" loading={requestMutation.isPending}>
                {t('accountDeletion.request')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={handleConfirm} noValidate aria-label={t('accountDeletion.confirm')}>
          <Stack gap="md" maw={420}>
            <FormAlert tone="success">{t('accountDeletion.codeSent')}</FormAlert>
            {confirmFailed ? (
              <FormAlert tone="error">{translateError(t, confirmMutation.error)}</FormAlert>
            ) : null}
            <TextInput
              name="code"
              label={t('accountDeletion.codeLabel')}
              description={t('accountDeletion.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={DELETION_CODE_LENGTH + 4}
              required
              error={codeError}
            />
            <Group>
              <Button type="submit" color="red.9" loading={confirmMutation.isPending}>
                {t('accountDeletion.confirm')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  requestMutation.reset();
                  setStep('password');
                }}
              >
                {t('accountDeletion.newCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
