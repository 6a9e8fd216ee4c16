import type { CaseFile } from '@kuvert/shared/case-files';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateCaseFile } from '../api/update-case-file.ts';
import { caseFileFormValuesOf } from '../hooks/case-file-fields.ts';
import { CaseFileForm } from './case-file-form.tsx';

interface EditCaseFileDialogProps {
  file: CaseFile;
  opened: boolean;
  onClose: () => void;
}

/** Changes a file's title, description and colour in a dialog over its page. */
export function EditCaseFileDialog({ file, opened, onClose }: EditCaseFileDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateCaseFile(file.id);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={t('caseFiles.editTitle')} size="lg">
      {/* Built afresh at each opening: the file as it is now. */}
      {opened ? (
        <CaseFileForm
          initialValues={caseFileFormValuesOf(file)}
          submitLabel={t('caseFiles.form.save')}
          isPending={update.isPending}
          error={update.error}
          onCancel={close}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: (saved) => {
                notify({ type: 'positive', message: t('caseFiles.saved', { title: saved.title }) });
                close();
              },
            })
          }
        />
      ) : null}
    </AppModal>
  );
}
