import { Modal } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize;
  /** False while a dialog opened from this one is on top: Escape closes that one only. */
  closeOnEscape?: boolean;
  children: ReactNode;
}

/**
 * Mantine's modal, accessible as a dialog should be: its header is a plain element (a
 * `<header>` would be a second banner landmark) and its close button has a name.
 */
export function AppModal({
  opened,
  onClose,
  title,
  size = 'md',
  closeOnEscape = true,
  children,
}: AppModalProps) {
  const { t } = useTranslation();
  // A page holds several dialogs that are rarely opened: none is built (portal, transitions,
  // focus trap) before its first opening; after that it stays, so closing still animates.
  const [hasOpened, setHasOpened] = useState(opened);
  if (opened && !hasOpened) setHasOpened(true);
  useFocusReturn(opened);
  if (!hasOpened) return null;
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      radius="lg"
      centered
      closeOnEscape={closeOnEscape}
      returnFocus={false}
    >
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

/**
 * A closed dialog gives focus back to what opened it, so keyboard and screen-reader users
 * carry on where they were. Mantine's own return misses the first opening: the modal is
 * built already open (see above) and Mantine only notes the opener when `opened` changes.
 */
function useFocusReturn(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before the dialog's focus trap moves focus inside.
  useLayoutEffect(() => {
    if (opened) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (element === null || !element.isConnected) return;
    element.focus({ preventScroll: true });
  }, [opened]);
}
