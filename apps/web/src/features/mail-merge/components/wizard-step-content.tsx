import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { PREVIEW_STEP, SEND_STEP } from '../hooks/use-mail-merge-wizard.ts';
import type { MailMergeWizard } from '../hooks/use-mail-merge-wizard.ts';
import { CsvStep } from './csv-step.tsx';
import type { CsvUploader, RenderUploadPicker } from './mail-merge-types.ts';
import { MappingStep } from './mapping-step.tsx';
import { MergeProgress } from './merge-progress.tsx';
import { PreviewStep } from './preview-step.tsx';
import { SourceStep } from './source-step.tsx';

interface WizardStepContentProps {
  accountId: string;
  wizard: MailMergeWizard;
  uploader: CsvUploader;
  renderUploadPicker: RenderUploadPicker;
}

/** The step shown: source, recipients CSV, mapping, preview, or the started merge's progress. */
export function WizardStepContent({
  accountId,
  wizard,
  uploader,
  renderUploadPicker,
}: WizardStepContentProps) {
  const { csv, mergeId } = wizard;
  switch (wizard.shownStep) {
    case 0:
      return (
        <SourceStep
          accountId={accountId}
          source={wizard.source}
          onChange={wizard.setSource}
          columns={csv.columns}
          renderUploadPicker={renderUploadPicker}
        />
      );
    case 1:
      return (
        <CsvStep
          accountId={accountId}
          choice={csv.choice}
          onChoose={csv.setChoice}
          inspection={csv.inspected}
          inspectionError={csv.inspection.isError ? csv.inspection.error : null}
          isInspecting={csv.inspection.isFetching}
          uploader={uploader}
          renderUploadPicker={renderUploadPicker}
        />
      );
    case 2:
      return (
        <MappingStep
          columns={csv.columns}
          placeholders={wizard.placeholders}
          mapping={wizard.mapping.mapping}
          onChange={wizard.mapping.change}
        />
      );
    case PREVIEW_STEP:
      return <PreviewStepPanel wizard={wizard} />;
    case SEND_STEP:
      return mergeId === null ? null : (
        <MergeProgress mergeId={mergeId} onStartAnother={wizard.startAnother} />
      );
    default:
      return null;
  }
}

/** The preview of every row, and why it or the start of the merge failed. */
function PreviewStepPanel({ wizard }: { wizard: MailMergeWizard }) {
  const { t } = useTranslation();
  const { preview, start } = wizard;
  return (
    <>
      {preview.isError ? (
        <Alert color="red" variant="light" role="alert">
          {translateError(t, preview.error)}
        </Alert>
      ) : null}
      {preview.data ? (
        <PreviewStep preview={preview.data} rowCount={wizard.csv.inspected?.row_count ?? 0} />
      ) : preview.isPending ? (
        <Text role="status">{t('mailMerge.preview.loading')}</Text>
      ) : null}
      {start.isError ? (
        <Alert color="red" variant="light" role="alert">
          {translateError(t, start.error)}{' '}
          {hasErrorCode(start.error, 'SENDER_ADDRESS_MISSING') ? (
            <Anchor component={Link} to={paths.profile()}>
              {t('mailMerge.preview.toProfile')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
