import { Select } from '@mantine/core';
import { printLanguageChoiceSchema, printLanguages } from '@kuvert/shared/outbox';
import type { PrintLanguageChoice } from '@kuvert/shared/outbox';
import { useTranslation } from '../../../lib/i18n.ts';

interface PrintLanguageSelectProps {
  value: PrintLanguageChoice;
  onChange: (value: PrintLanguageChoice) => void;
  disabled?: boolean;
}

/**
 * The language a letter by post is printed in (its date and page numbers). Automatic writes
 * German to Germany, Austria, Switzerland, Liechtenstein and Luxembourg, Swedish to Sweden,
 * Danish to Denmark, Norwegian to Norway, English elsewhere.
 */
export function PrintLanguageSelect({ value, onChange, disabled }: PrintLanguageSelectProps) {
  const { t } = useTranslation();
  // The languages are named in themselves, as a language switch names them.
  const data = [
    { value: 'auto', label: t('compose.printLanguage.auto') },
    ...printLanguages.map((language) => ({ value: language, label: t(`languages.${language}`) })),
  ];
  return (
    <Select
      label={t('compose.printLanguage.label')}
      description={t('compose.printLanguage.hint')}
      data={data}
      value={value}
      onChange={(next) => {
        const parsed = printLanguageChoiceSchema.safeParse(next);
        if (parsed.success) onChange(parsed.data);
      }}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
