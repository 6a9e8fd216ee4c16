import { Group } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PlainLayout } from '../../components/layouts/plain-layout.tsx';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { HeaderSearch } from './header-search/header-search.tsx';
import { UserMenu } from './user-menu.tsx';

/** Signed-in pages without sidebar: letter details, compose, the "needs action" lists. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PlainLayout
      backLabel={t('common.back')}
      backHref={backHrefFor(pathname)}
      headerEnd={
        <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flex: 1, minWidth: 0 }}>
          <HeaderSearch />
          <LanguageSwitch />
          <UserMenu />
        </Group>
      }
    >
      <Outlet />
    </PlainLayout>
  );
}

/** Where "back" leads when the page was opened directly: the list the page belongs to. */
function backHrefFor(pathname: string): string {
  if (pathname.startsWith('/inbox/')) return paths.inbox();
  if (pathname.startsWith('/outbox/')) return paths.outbox();
  if (pathname.startsWith('/uploads/')) return paths.uploads();
  return paths.home();
}
