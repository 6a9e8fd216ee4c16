import { NativeSelect, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { colorSchemes, isColorScheme } from '../../lib/color-scheme.ts';
import { useTranslation } from '../../lib/i18n.ts';

export const colorSchemeIcons = {
  auto: IconDeviceDesktop,
  light: IconSun,
  dark: IconMoon,
} as const;

/**
 * Light, dark, or as the device is set (the default). Mantine applies the choice and
 * remembers it on this device (lib/color-scheme.ts).
 */
export function useColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return { choice: colorScheme, choose: (next: MantineColorScheme) => setColorScheme(next) };
}

/**
 * A compact select for the public pages' header, beside the language switch. The user menu's
 * items are in their own file, so the login page does not download Mantine's menus.
 */
export function ColorSchemeSwitch() {
  const { t } = useTranslation();
  const { choice, choose } = useColorSchemeChoice();
  const Icon = colorSchemeIcons[choice];
  return (
    <NativeSelect
      aria-label={t('colorSchemes.label')}
      size="xs"
      w={112}
      leftSection={<Icon size={16} aria-hidden="true" />}
      value={choice}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isColorScheme(next)) choose(next);
      }}
      data={colorSchemes.map((scheme) => ({ value: scheme, label: t(`colorSchemes.${scheme}`) }))}
    />
  );
}
