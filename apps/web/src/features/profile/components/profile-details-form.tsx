import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { NAME_MAX_LENGTH } from '@kuvert/shared/limits';
import type { Profile } from '@kuvert/shared/profile';
import { updateProfileRequestSchema } from '@kuvert/shared/profile';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { supportedLanguages } from '../../../lib/contract.ts';
import { translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Field = 'first_name' | 'last_name' | 'language';
const fields: readonly Field[] = ['first_name', 'last_name', 'language'];

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const updateMutation = useUpdateProfile();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});

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
    updateMutation.mutate(parsed.data, {
      // Said in the language just saved, hence the instance rather than this render's `t`.
      onSuccess: () => notify({ type: 'positive', message: i18n.t('profile.personal.saved') }),
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
          defaultValue={profile.language}
          error={fieldErrors.language}
          data={supportedLanguages.map((language) => ({
            value: language,
            label: t(`languages.${language}`),
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
