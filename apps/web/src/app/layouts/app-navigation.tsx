import { Button, NavLink, Stack } from '@mantine/core';
import {
  IconAddressBook,
  IconBriefcase,
  IconFolder,
  IconForms,
  IconHome,
  IconInbox,
  IconPencilPlus,
  IconSend,
  IconTrash,
  IconUpload,
  IconUserCircle,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { FolderNavLinks } from '../../features/folders/components/folder-nav-links.tsx';
import { useSelectedAccount } from '../../lib/selected-account.ts';

interface NavItem {
  labelKey:
    | 'home'
    | 'inbox'
    | 'outbox'
    | 'folders'
    | 'forms'
    | 'uploads'
    | 'files'
    | 'trash'
    | 'addressBook'
    | 'profile';
  href: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const items: readonly NavItem[] = [
  { labelKey: 'home', href: paths.home(), icon: IconHome },
  { labelKey: 'inbox', href: paths.inbox(), icon: IconInbox },
  { labelKey: 'outbox', href: paths.outbox(), icon: IconSend },
  { labelKey: 'folders', href: paths.folders(), icon: IconFolder },
  { labelKey: 'forms', href: paths.forms(), icon: IconForms },
  { labelKey: 'uploads', href: paths.uploads(), icon: IconUpload },
  { labelKey: 'files', href: paths.files(), icon: IconBriefcase },
  { labelKey: 'trash', href: paths.trash(), icon: IconTrash },
  { labelKey: 'addressBook', href: paths.addressBook(), icon: IconAddressBook },
  { labelKey: 'profile', href: paths.profile(), icon: IconUserCircle },
];

function isActive(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

// A folder's own page is marked on its link below "Folders", not on "Folders" itself.
function isFolderPage(pathname: string): boolean {
  return /^\/folders\/(?!add$)[^/]+$/u.test(pathname);
}

/** One link per area; the current area is marked for sighted and screen-reader users. */
export function AppNavigation() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { can } = useSelectedAccount();
  return (
    <Stack gap={2}>
      {can('send') ? (
        <Button
          component={Link}
          to={paths.compose()}
          leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
          mb="sm"
          radius="md"
          fullWidth
        >
          {t('nav.newLetter')}
        </Button>
      ) : null}
      {items.map(({ labelKey, href, icon: Icon }) => {
        const active =
          isActive(pathname, href) && !(labelKey === 'folders' && isFolderPage(pathname));
        return (
          <Fragment key={href}>
            <NavLink
              component={Link}
              to={href}
              label={t(`nav.${labelKey}`)}
              leftSection={<Icon size={20} aria-hidden />}
              active={active}
              aria-current={active ? 'page' : undefined}
              variant="light"
              fw={active ? 650 : 500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
            {labelKey === 'folders' ? <FolderNavLinks /> : null}
          </Fragment>
        );
      })}
    </Stack>
  );
}
