import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  accessTokenScopes,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@kuvert/shared/access-tokens';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { localIsoDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCreateAccessToken } from '../api/create-access-token.ts';

const expiryChoices = ['30', '90', '365', 'date'] as const;
type ExpiryChoice = (typeof expiryChoices)[number];
const expiryLabels = {
  '30': 'accessTokens.expiry.days30',
  '90': 'accessTokens.expiry.days90',
  '365': 'accessTokens.expiry.days365',
  date: 'accessTokens.expiry.date',
} as const satisfies Record<ExpiryChoice, string>;

interface TokenErrors {
  name?: string;
  date?: string;
}

function isExpiryChoice(value: string): value is ExpiryChoice {
  return expiryChoices.some((choice) => choice === value);
}

function isScope(value: string): value is AccessTokenScope {
  return accessTokenScopes.some((scope) => scope === value);
}

/** The day `days` after today, in the person's own calendar (YYYY-MM-DD). */
function dayAfter(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localIsoDate(date);
}

interface CreateAccessTokenFormProps {
  onCreated: (created: CreatedAccessToken) => void;
}

/** Name, scope and expiry of a new token; the token itself is shown by the caller, once. */
export function CreateAccessTokenForm({ onCreated }: CreateAccessTokenFormProps) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('90');
  const [errors, setErrors] = useState<TokenErrors>({});
  const firstDay = dayAfter(1);
  const lastDay = dayAfter(365);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = readTextField(data, 'name').trim();
    const date = readTextField(data, 'expiresOn');
    const expiresOn = expiry === 'date' ? date : dayAfter(Number(expiry));
    const next: TokenErrors = {
      ...(name === '' ? { name: t('validation.required') } : {}),
      ...(expiry === 'date' && date === '' ? { date: t('validation.required') } : {}),
      ...(expiry === 'date' && date !== '' && (date < firstDay || date > lastDay)
        ? { date: t('accessTokens.form.dateRange') }
        : {}),
    };
    setErrors(next);
    if (next.name || next.date) return;
    create.mutate(
      { name, scope, expires_on: expiresOn },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('accessTokens.form.title')}>
      <Stack gap="md" maw={520}>
        {create.isError ? (
          <FormAlert tone="error">{translateError(t, create.error)}</FormAlert>
        ) : null}
        <TextInput
          name="name"
          label={t('accessTokens.form.name')}
          description={t('accessTokens.form.nameHint')}
          maxLength={ACCESS_TOKEN_NAME_MAX_LENGTH}
          autoComplete="off"
          required
          error={errors.name}
        />
        <Radio.Group
          label={t('accessTokens.form.scope')}
          value={scope}
          onChange={(value) => {
            if (isScope(value)) setScope(value);
          }}
        >
          <Stack gap="xs" mt="xs">
            {accessTokenScopes.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`accessTokens.scope.${value}`)}
                description={t(`accessTokens.scopeHint.${value}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label={t('accessTokens.form.expiry')}
            data={expiryChoices.map((value) => ({
              value,
              label: t(expiryLabels[value]),
            }))}
            value={expiry}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isExpiryChoice(value)) setExpiry(value);
            }}
            w={220}
          />
          {expiry === 'date' ? (
            <TextInput
              name="expiresOn"
              type="date"
              label={t('accessTokens.form.lastDay')}
              min={firstDay}
              max={lastDay}
              required
              error={errors.date}
              w={200}
            />
          ) : null}
        </Group>
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('accessTokens.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
