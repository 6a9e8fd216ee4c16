import { Modal } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize;
  children: ReactNode;
}

/**
 * Mantine's modal, accessible as a dialog should be: its header is a plain element (a
 * `<header>` would be a second banner landmark) and its close button has a name.
 */
export function AppModal({ opened, onClose, title, size = 'md', children }: AppModalProps) {
  const { t } = useTranslation();
  // A page holds several dialogs that are rarely opened: none is built (portal, transitions,
  // focus trap) before its first opening; after that it stays, so closing still animates.
  const [hasOpened, setHasOpened] = useState(opened);
  if (opened && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size} radius="lg" centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={650} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
