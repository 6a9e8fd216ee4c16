// The portal's share of Mantine's styles (see src/styles.css): checkboxes, containers, lists.
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet, imported for its rules
import '../portal-styles.css';
import { Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { PlainLayout } from '../../components/layouts/plain-layout.tsx';
import { ColorSchemeSwitch } from '../../components/ui/color-scheme-switch.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The public fill-out page's frame: like the other public pages, but a first load of its own
 * (DESIGN §7, 200 KB): no portal strings, no zod contract, no query cache, only the strings
 * of forms.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <PlainLayout
      backLabel={t('common.back')}
      backHref={null}
      headerEnd={
        <Group gap="xs" wrap="nowrap">
          <ColorSchemeSwitch />
          <LanguageSwitch />
        </Group>
      }
    >
      <Outlet />
    </PlainLayout>
  );
}
