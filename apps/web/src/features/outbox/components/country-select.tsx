import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { countryCodes, countryName } from '@kuvert/shared/postal';
import { useTranslation } from '../../../lib/i18n.ts';

interface CountrySelectProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  required?: boolean;
}

/** Every country a letter can go to, named in the page's language and sorted by that name. */
export function CountrySelect({ label, value, onChange, error, required }: CountrySelectProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const data = useMemo(() => {
    const collator = new Intl.Collator(language);
    return countryCodes
      .map((code) => ({ value: code, label: countryName(code, language) }))
      .toSorted((first, second) => collator.compare(first.label, second.label));
  }, [language]);
  return (
    <Select
      label={label}
      data={data}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      searchable
      required={required}
      error={error}
      nothingFoundMessage={t('compose.recipient.noCountry')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
