import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

interface UploadPickerButtonProps {
  /** Opens the file dialog (`useUploadPicker` of the page). */
  onPick: () => void;
  label?: string;
  variant?: 'filled' | 'light';
}

/** Chooses one or several files from the computer. */
export function UploadPickerButton({ onPick, label, variant = 'filled' }: UploadPickerButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant={variant}
      onClick={onPick}
      leftSection={<IconUpload size={18} aria-hidden="true" />}
    >
      {label ?? t('uploads.choose')}
    </Button>
  );
}
