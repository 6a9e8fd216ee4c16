import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  PREVIEW_STEP,
  SEND_STEP,
  useMailMergeWizard,
  WIZARD_STEPS,
} from '../hooks/use-mail-merge-wizard.ts';
import { ConfirmSendDialog } from './confirm-send-dialog.tsx';
import type { CsvUploader, RenderUploadPicker } from './mail-merge-types.ts';
import { useStepHeadingFocus } from './wizard-state.ts';
import { WizardNavigation } from './wizard-navigation.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import { WizardStepContent } from './wizard-step-content.tsx';

export interface MailMergePageProps {
  accountId: string;
  canWrite: boolean;
  uploader: CsvUploader;
  renderUploadPicker: RenderUploadPicker;
}

/**
 * The mail merge (DESIGN §8): source → recipients CSV → mapping → preview → send, then the
 * merge's live progress and each row's result. A running merge is found again after a reload.
 */
export function MailMergePage({
  accountId,
  canWrite,
  uploader,
  renderUploadPicker,
}: MailMergePageProps) {
  const { t } = useTranslation();
  const wizard = useMailMergeWizard(accountId);
  const { shownStep, preview } = wizard;
  const stepHeading = useStepHeadingFocus(shownStep);
  const stepLabels = WIZARD_STEPS.map((name) => t(`mailMerge.steps.${name}`));

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <PageTitle>{t('mailMerge.title')}</PageTitle>
      <Text c="dimmed">{t('mailMerge.intro')}</Text>
      <Anchor component={Link} to={paths.mailMerges()} w="fit-content">
        {t('mailMerge.history.link')}
      </Anchor>
      {!canWrite ? (
        <Alert color="yellow" variant="light">
          {t('mailMerge.viewerHint')}
        </Alert>
      ) : null}
      <WizardProgress
        shownStep={shownStep}
        stepLabels={stepLabels}
        onStepClick={(next) => {
          if (wizard.mergeId === null && next < wizard.step) wizard.goTo(next);
        }}
      />
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-label={stepLabels[shownStep]}
      >
        <Stack gap="md">
          <Text fw={700} fz="lg" component="h2" m={0} ref={stepHeading} tabIndex={-1}>
            {t('mailMerge.steps.heading', {
              number: shownStep + 1,
              label: stepLabels[shownStep] ?? '',
            })}
          </Text>
          <WizardStepContent
            accountId={accountId}
            wizard={wizard}
            uploader={uploader}
            renderUploadPicker={renderUploadPicker}
          />
          {shownStep < SEND_STEP ? <WizardNavigation wizard={wizard} canWrite={canWrite} /> : null}
        </Stack>
      </Paper>
      {preview.data ? (
        <ConfirmSendDialog
          opened={wizard.isConfirming && shownStep === PREVIEW_STEP}
          counts={preview.data.counts}
          isSending={wizard.start.isPending}
          onClose={() => wizard.setIsConfirming(false)}
          onConfirm={wizard.send}
        />
      ) : null}
    </Stack>
  );
}
