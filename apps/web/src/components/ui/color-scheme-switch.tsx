import { Menu, NativeSelect, useMantineColorScheme } from '@mantine/core';
import type { MantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { colorSchemes, isColorScheme } from '../../lib/color-scheme.ts';
import { useTranslation } from '../../lib/i18n.ts';

const icons = { auto: IconDeviceDesktop, light: IconSun, dark: IconMoon } as const;

/**
 * Light, dark, or as the device is set (the default). Mantine applies the choice and
 * remembers it on this device (lib/color-scheme.ts).
 */
function useColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return { choice: colorScheme, choose: (next: MantineColorScheme) => setColorScheme(next) };
}

/** A compact select for the public pages' header, beside the language switch. */
export function ColorSchemeSwitch() {
  const { t } = useTranslation();
  const { choice, choose } = useColorSchemeChoice();
  const Icon = icons[choice];
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

/** The same choice as items of a menu (the signed-in user's menu). */
export function ColorSchemeMenuItems() {
  const { t } = useTranslation();
  const { choice, choose } = useColorSchemeChoice();
  return (
    <>
      <Menu.Label>{t('colorSchemes.label')}</Menu.Label>
      {colorSchemes.map((scheme) => {
        const Icon = icons[scheme];
        const isChosen = scheme === choice;
        return (
          <Menu.Item
            key={scheme}
            onClick={() => choose(scheme)}
            aria-current={isChosen || undefined}
            leftSection={<Icon size={18} aria-hidden="true" />}
            rightSection={isChosen ? <IconCheck size={16} aria-hidden="true" /> : null}
          >
            {t(`colorSchemes.${scheme}`)}
          </Menu.Item>
        );
      })}
    </>
  );
}
