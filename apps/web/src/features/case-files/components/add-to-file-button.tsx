import { Button, Tooltip } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { AddToFileLauncher, preloadAddToFileDialog } from './add-to-file-launcher.tsx';
import type { ThingToFile } from './add-to-file-summary.ts';

interface AddToFileButtonProps {
  accountId: string;
  things: readonly ThingToFile[];
  /** Viewers see it disabled, with a tooltip saying why (as every other change). */
  canWrite: boolean;
  size?: ButtonProps['size'];
}

/** "Add to a file" on a letter's or an upload's page; the dialog loads on first use. */
export function AddToFileButton({ accountId, things, canWrite, size }: AddToFileButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const icon = <IconFolderPlus size={18} aria-hidden="true" />;
  if (!canWrite) {
    return (
      <Tooltip label={t('addToFile.readOnly')} multiline w={260}>
        <span tabIndex={0} style={{ display: 'inline-block' }}>
          <Button variant="default" size={size} leftSection={icon} disabled>
            {t('addToFile.action')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button
        variant="default"
        size={size}
        leftSection={icon}
        aria-haspopup="dialog"
        onPointerEnter={preloadAddToFileDialog}
        onFocus={preloadAddToFileDialog}
        onClick={() => setIsOpen(true)}
      >
        {t('addToFile.action')}
      </Button>
      <AddToFileLauncher
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        accountId={accountId}
        things={things}
      />
    </>
  );
}
