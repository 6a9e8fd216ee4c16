import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { loadAuthContract } from '../../../lib/contract.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { NetworkError } from '../../../lib/http.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useLogin } from '../api/login.ts';

type Field = 'email' | 'password';
const fields: readonly Field[] = ['email', 'password'];

interface LoginFormProps {
  onLoggedIn: () => void;
  onForgotPassword: () => void;
  /** The right password for an account that awaits deletion: the error's details. */
  onDeletionPending?: (details: unknown) => void;
}

export function LoginForm({ onLoggedIn, onForgotPassword, onDeletionPending }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [contractError, setContractError] = useState<NetworkError | null>(null);

  const submit = async (form: FormData) => {
    setContractError(null);
    let loginRequestSchema;
    try {
      ({ loginRequestSchema } = await loadAuthContract());
    } catch (error) {
      // Offline before the rules were downloaded: say so, rather than do nothing.
      setContractError(new NetworkError(error));
      return;
    }
    const values = {
      email: readTextField(form, 'email'),
      password: readTextField(form, 'password'),
    };
    const errors = validateFields(t, loginRequestSchema, values);
    // An empty field is not an invalid address: say what is missing.
    if (values.email.trim() === '') errors.email = t('login.emailRequired');
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    login.run(values, {
      onSuccess: onLoggedIn,
      onError: (error) => {
        if (hasErrorCode(error, 'ACCOUNT_DELETION_PENDING') && error instanceof ApiError) {
          onDeletionPending?.(error.details);
          return;
        }
        setFieldErrors(serverFieldErrors(t, error, fields));
      },
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(new FormData(event.currentTarget));
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('login.title')}>
      <Stack gap="md">
        {login.isError || contractError !== null ? (
          <FormAlert tone="error">{translateError(t, contractError ?? login.error)}</FormAlert>
        ) : null}
        <TextInput
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          inputMode="email"
          // Fetch the validation rules while the user types, not after they press Enter.
          onFocus={() => void loadAuthContract()}
          required
          error={fieldErrors.email}
          size="md"
        />
        <PasswordField
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
          error={fieldErrors.password}
          size="md"
        />
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
