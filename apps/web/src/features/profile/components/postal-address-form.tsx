import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import {
  countryCodes,
  countryName,
  DEFAULT_COUNTRY,
  POSTAL_FIELD_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
} from '@kuvert/shared/postal';
import type { Profile } from '@kuvert/shared/profile';
import { profileAddressSchema } from '@kuvert/shared/profile';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useLanguage } from '../../../lib/user-language.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type Field = 'street' | 'postcode' | 'city' | 'country';
const fields: readonly Field[] = ['street', 'postcode', 'city', 'country'];

/** The countries by their names in the UI's language, in that language's order. */
function useCountryOptions(language: string) {
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return countryCodes
      .map((code) => ({ value: code, label: countryName(code, language) }))
      .toSorted((a, b) => collator.compare(a.label, b.label));
  }, [language]);
}

/**
 * The user's postal address: the return line of the letters they send by post. Field errors
 * come from the shared schema (the postcode must fit the country for DE, AT, CH, SE, DK, NO)
 * and, should the server disagree, from its answer; what was typed stays.
 */
export function PostalAddressForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const updateMutation = useUpdateProfile();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const options = useCountryOptions(language);
  const address = profile.address;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      street: readTextField(form, 'street'),
      postcode: readTextField(form, 'postcode'),
      city: readTextField(form, 'city'),
      country: readTextField(form, 'country'),
    };
    const errors = validateFields(t, profileAddressSchema, values);
    setFieldErrors(errors);
    const parsed = profileAddressSchema.safeParse(values);
    if (hasErrors(errors) || !parsed.success) return;
    updateMutation.mutate(
      { address: parsed.data },
      {
        onSuccess: () => notify({ type: 'positive', message: t('profile.address.saved') }),
        onError: (error) => setFieldErrors(serverFieldErrors(t, error, fields)),
      },
    );
  };

  const remove = () => {
    updateMutation.mutate(
      { address: null },
      {
        onSuccess: () => {
          setFieldErrors({});
          notify({ type: 'positive', message: t('profile.address.removed') });
        },
      },
    );
  };

  // Keyed by the saved address, so removing it empties the fields.
  return (
    <form
      key={address ? 'saved' : 'none'}
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('profile.address.title')}
    >
      <Stack gap="md" maw={560}>
        {updateMutation.isError ? (
          <FormAlert tone="error">{translateError(t, updateMutation.error)}</FormAlert>
        ) : null}
        {address ? null : (
          <Text size="sm" c="dimmed">
            {t('profile.address.none')}
          </Text>
        )}
        <TextInput
          name="street"
          label={t('profile.address.street')}
          defaultValue={address?.street ?? ''}
          autoComplete="street-address"
          required
          maxLength={POSTAL_FIELD_MAX_LENGTH}
          error={fieldErrors.street}
        />
        <Group align="flex-start" wrap="wrap" gap="md">
          <TextInput
            name="postcode"
            label={t('profile.address.postcode')}
            defaultValue={address?.postcode ?? ''}
            autoComplete="postal-code"
            required
            maxLength={POSTCODE_MAX_LENGTH}
            error={fieldErrors.postcode}
            w={160}
          />
          <TextInput
            name="city"
            label={t('profile.address.city')}
            defaultValue={address?.city ?? ''}
            autoComplete="address-level2"
            required
            maxLength={POSTAL_FIELD_MAX_LENGTH}
            error={fieldErrors.city}
            flex={1}
            miw={200}
          />
        </Group>
        <NativeSelect
          name="country"
          label={t('profile.address.country')}
          defaultValue={address?.country ?? DEFAULT_COUNTRY}
          autoComplete="country"
          required
          error={fieldErrors.country}
          data={options}
          maw={320}
        />
        <Group>
          <Button type="submit" loading={updateMutation.isPending}>
            {t('profile.address.submit')}
          </Button>
          {address ? (
            <Button variant="default" onClick={remove} disabled={updateMutation.isPending}>
              {t('profile.address.remove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
