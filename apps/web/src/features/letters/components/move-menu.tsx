import { Button, Menu } from '@mantine/core';
import { IconFolderSymlink, IconInbox, IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface MoveTarget {
  id: string;
  name: string;
}

interface MoveMenuProps {
  folders: readonly MoveTarget[];
  /** The folder the letters are in now (not offered); null = the inbox. */
  currentFolderId?: string | null;
  onMove: (folderId: string | null) => void;
  disabled?: boolean;
  /** A custom trigger; defaults to a "Move to" button. */
  target?: ReactNode;
}

/** "Move to": the inbox and every folder of the mailbox. */
export function MoveMenu({ folders, currentFolderId, onMove, disabled, target }: MoveMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      width={280}
      withinPortal
      withInitialFocusPlaceholder={false}
      // Long folder names end in "…" (the whole name in the tooltip) inside a menu that never
      // grows past the screen.
      styles={{
        dropdown: { maxWidth: 'calc(100vw - 2rem)' },
        itemLabel: {
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      }}
    >
      <Menu.Target>
        {target ?? (
          <Button
            variant="default"
            size="xs"
            disabled={disabled}
            leftSection={<IconFolderSymlink size={16} aria-hidden="true" />}
          >
            {t('letters.actions.move')}
          </Button>
        )}
      </Menu.Target>
      {/* Named by its button; a text label or a focus placeholder inside role="menu" is not an
          allowed child of a menu. */}
      <Menu.Dropdown>
        {currentFolderId === null ? null : (
          <Menu.Item
            leftSection={<IconInbox size={16} aria-hidden="true" />}
            onClick={() => onMove(null)}
          >
            {t('letters.actions.moveToInbox')}
          </Menu.Item>
        )}
        {folders
          .filter((folder) => folder.id !== currentFolderId)
          .map((folder) => (
            <Menu.Item
              key={folder.id}
              leftSection={<IconFolder size={16} aria-hidden="true" />}
              onClick={() => onMove(folder.id)}
              title={folder.name}
            >
              {folder.name}
            </Menu.Item>
          ))}
        {folders.length === 0 ? (
          <Menu.Item disabled>{t('letters.actions.noFolders')}</Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
