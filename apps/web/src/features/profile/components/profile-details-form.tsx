import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { Language } from '@kuvert/shared/auth';
import { isLanguage } from '@kuvert/shared/constants';
import { NAME_MAX_LENGTH } from '@kuvert/shared/limits';
import type { Profile } from '@kuvert/shared/profile';
import { updateProfileRequestSchema } from '@kuvert/shared/profile';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { supportedLanguages } from '../../../lib/contract.ts';
import { translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { i18n, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useLanguage } from '../../../lib/user-language.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Field = 'first_name' | 'last_name' | 'language';
const fields: readonly Field[] = ['first_name', 'last_name', 'language'];

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const updateMutation = useUpdateProfile();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  // The field shows the language the UI speaks, live (the header may switch it), until the
  // user picks one here; only then does saving send, and switch to, a language.
  const language = useLanguage();
  const [pickedLanguage, setPickedLanguage] = useState<Language | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      first_name: readTextField(form, 'first_name'),
      last_name: readTextField(form, 'last_name'),
      language: readTextField(form, 'language'),
    };
    const errors = validateFields(t, updateProfileRequestSchema, values);
    setFieldErrors(errors);
    const parsed = updateProfileRequestSchema.safeParse(values);
    if (hasErrors(errors) || !parsed.success) return;
    const { language: chosen, ...names } = parsed.data;
    const body = chosen === language ? names : parsed.data;
    updateMutation.mutate(body, {
      onSuccess: () => {
        setPickedLanguage(null);
        // Said in the language just saved, hence the instance rather than this render's `t`.
        notify({ type: 'positive', message: i18n.t('profile.personal.saved') });
      },
      onError: (error) => setFieldErrors(serverFieldErrors(t, error, fields)),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('profile.personal.title')}>
      <Stack gap="md" maw={560}>
        {updateMutation.isError ? (
          <FormAlert tone="error">{translateError(t, updateMutation.error)}</FormAlert>
        ) : null}
        <TextInput
          label={t('profile.personal.email')}
          value={profile.email}
          readOnly
          variant="filled"
        />
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput
            name="first_name"
            label={t('profile.personal.firstName')}
            defaultValue={profile.first_name}
            autoComplete="given-name"
            required
            maxLength={NAME_MAX_LENGTH}
            error={fieldErrors.first_name}
            miw={180}
          />
          <TextInput
            name="last_name"
            label={t('profile.personal.lastName')}
            defaultValue={profile.last_name}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
            error={fieldErrors.last_name}
            miw={180}
          />
        </Group>
        <NativeSelect
          name="language"
          label={t('profile.personal.language')}
          value={pickedLanguage ?? language}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (isLanguage(next)) setPickedLanguage(next);
          }}
          error={fieldErrors.language}
          data={supportedLanguages.map((option) => ({
            value: option,
            label: t(`languages.${option}`),
          }))}
          maw={260}
        />
        <Group>
          <Button type="submit" loading={updateMutation.isPending}>
            {t('profile.personal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
