import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import { supportedLanguages } from '../../lib/contract.ts';
import { getLanguage, isLanguage, setLanguage } from '../../lib/i18n.ts';

/** Compact language choice; each language is named in itself so everyone finds theirs. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      size="xs"
      w={124}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      value={getLanguage()}
      key={i18n.language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void setLanguage(next);
      }}
      data={supportedLanguages.map((language) => ({
        value: language,
        label: t(`languages.${language}`),
      }))}
    />
  );
}
