import { useFileDialog } from '@mantine/hooks';

/** Types the picker offers first; others can still be chosen, the server judges by content. */
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.webp,.csv,.txt,application/pdf,image/*,text/csv,text/plain';

/**
 * Opens the computer's file dialog for one or several files. The file input belongs to the
 * page that calls this, not to the button that opened it: when that button goes away while the
 * dialog is open (the empty state gives way to the list once an upload lands), the files chosen
 * still arrive. Each opening makes a fresh input, so choosing the same file again (to resume
 * it) counts.
 */
export function useUploadPicker(onFiles: (files: File[]) => void): () => void {
  const dialog = useFileDialog({
    multiple: true,
    accept: ACCEPT,
    onChange: (files) => {
      if (files && files.length > 0) onFiles(Array.from(files));
    },
  });
  return dialog.open;
}
