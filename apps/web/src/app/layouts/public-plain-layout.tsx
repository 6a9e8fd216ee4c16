// The portal's share of Mantine's styles (see src/styles.css).
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet, imported for its rules
import '../portal-styles.css';
import { useTranslation } from '../../lib/i18n.ts';
import { Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { PlainLayout } from '../../components/layouts/plain-layout.tsx';
import { ColorSchemeSwitch } from '../../components/ui/color-scheme-switch.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { ServerStateProvider } from '../server-state-provider.tsx';

/** Pages anyone may open (public forms, not found): no user menu, same calm frame. */
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
      <ServerStateProvider>
        <Outlet />
      </ServerStateProvider>
    </PlainLayout>
  );
}
