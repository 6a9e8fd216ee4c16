import { Select } from '@mantine/core';
import { useMemo } from 'react';
import type { CountryCode } from '@kuvert/shared/postal';
import { countryCodes } from '@kuvert/shared/postal';
import { useTranslation } from '../../../lib/i18n.ts';
import { countryOptions } from '../hooks/contact-fields.ts';

interface CountrySelectProps {
  value: CountryCode | null;
  onChange: (value: CountryCode | null) => void;
  error?: string;
}

const isCountryCode = (value: string | null): value is CountryCode =>
  countryCodes.some((code) => code === value);

/** Countries by their names in the reader's language; typing filters them. */
export function CountrySelect({ value, onChange, error }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const data = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <Select
      label={t('contacts.fields.country')}
      placeholder={t('contacts.form.countryPlaceholder')}
      data={data}
      value={value}
      onChange={(next) => onChange(isCountryCode(next) ? next : null)}
      searchable
      clearable
      nothingFoundMessage={t('contacts.form.noCountry')}
      error={error}
      name="country"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
