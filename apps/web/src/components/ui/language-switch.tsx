import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { isLanguage } from '@kuvert/shared/constants';
import { supportedLanguages } from '../../lib/contract.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { chooseLanguage, useLanguage } from '../../lib/user-language.ts';

/**
 * Compact language choice; each language is named in itself so everyone finds theirs. Logged
 * in, the choice is the profile's too (lib/user-language).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      size="xs"
      // Fits the longest name, "Norsk bokmål" (83 px at 12 px in DejaVu Sans, the widest
      // fallback font; Inter needs less), between the icon and the chevron.
      w={144}
      leftSection={<IconLanguage size={16} aria-hidden="true" />}
      value={language}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void chooseLanguage(next);
      }}
      data={supportedLanguages.map((option) => ({
        value: option,
        label: t(`languages.${option}`),
      }))}
    />
  );
}
