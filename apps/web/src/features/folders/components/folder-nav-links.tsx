import { NavLink, Text, VisuallyHidden } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import type { Folder } from '@kuvert/shared/folders';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { useFolders } from '../api/get-folders.ts';

const noFolders: readonly Folder[] = [];

/** The mailbox's folders under "Folders" in the sidebar, with unread counts. */
export function FolderNavLinks() {
  const { accountId } = useSelectedAccount();
  const foldersQuery = useFolders(accountId);
  const { pathname } = useLocation();
  // Rendered a moment after they arrive, in slices (see useDeferredData).
  const folders = useDeferredData(foldersQuery.data, accountId ?? '')?.folders ?? noFolders;
  return <FolderLinks folders={folders} pathname={pathname} />;
}

const FolderLinks = memo(function FolderLinks({
  folders,
  pathname,
}: {
  folders: readonly Folder[];
  pathname: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {folders.map((folder) => {
        const href = paths.folder(folder.id);
        const isActive = pathname === href;
        return (
          <NavLink
            key={folder.id}
            component={Link}
            to={href}
            label={folder.name}
            title={folder.name}
            noWrap
            leftSection={<IconFolder size={16} aria-hidden="true" />}
            rightSection={
              folder.unread_count > 0 ? (
                <Text span size="xs" fw={700} c="var(--mantine-color-kuvert-light-color)">
                  <span aria-hidden="true">{folder.unread_count}</span>
                  <VisuallyHidden>
                    {t('folders.unreadBadge', { count: folder.unread_count })}
                  </VisuallyHidden>
                </Text>
              ) : null
            }
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            variant="light"
            pl={36}
            py={4}
            fz="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </>
  );
});
