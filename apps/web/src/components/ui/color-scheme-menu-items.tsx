import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { colorSchemes } from '../../lib/color-scheme.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { colorSchemeIcons, useColorSchemeChoice } from './color-scheme-switch.tsx';

/** The colour scheme choice as items of a menu (the signed-in user's menu). */
export function ColorSchemeMenuItems() {
  const { t } = useTranslation();
  const { choice, choose } = useColorSchemeChoice();
  return (
    <>
      <Menu.Label>{t('colorSchemes.label')}</Menu.Label>
      {colorSchemes.map((scheme) => {
        const Icon = colorSchemeIcons[scheme];
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
