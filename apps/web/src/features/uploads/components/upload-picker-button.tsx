import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** Types the picker offers first; others can still be chosen, the server judges by content. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.csv,.txt,application/pdf,image/*,text/csv,text/plain';

interface UploadPickerButtonProps {
  onFiles: (files: File[]) => void;
  label?: string;
  variant?: 'filled' | 'light';
}

/** Chooses one or several files from the computer. */
export function UploadPickerButton({
  onFiles,
  label,
  variant = 'filled',
}: UploadPickerButtonProps) {
  const { t } = useTranslation();
  // Emptied after each choice, so choosing the same file again (to resume it) counts.
  const resetRef = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={resetRef}
      onChange={(files) => {
        onFiles(files);
        resetRef.current?.();
      }}
      multiple
      accept={ACCEPT}
    >
      {(props) => (
        <Button
          {...props}
          variant={variant}
          leftSection={<IconUpload size={18} aria-hidden="true" />}
        >
          {label ?? t('uploads.choose')}
        </Button>
      )}
    </FileButton>
  );
}
