import { Stack, Text } from '@mantine/core';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { sealCaCertificateUrl, useVerifyDocument } from '../api/verify-document.ts';
import { DocumentDropZone } from './document-drop-zone.tsx';
import { translateVerifyError } from './verification-errors.ts';
import { CaCertificateNote, VerificationResult } from './verification-result.tsx';

/** Pick or drop one PDF, see what Kuvert finds in it; check another. */
export function VerifyDocumentView() {
  const { t } = useTranslation();
  const verification = useVerifyDocument();
  return (
    <Stack gap="lg">
      <Text>{t('verification.intro')}</Text>
      {verification.isSuccess ? (
        <VerificationResult
          result={verification.data}
          onCheckAnother={() => verification.reset()}
        />
      ) : (
        <>
          {verification.isError ? (
            <FormAlert tone="error">{translateVerifyError(t, verification.error)}</FormAlert>
          ) : null}
          <DocumentDropZone
            onFile={(file) => verification.mutate(file)}
            isBusy={verification.isPending}
          />
          {verification.isPending ? (
            <Text role="status" size="sm" ta="center">
              {t('verification.checking')}
            </Text>
          ) : null}
        </>
      )}
      <CaCertificateNote href={sealCaCertificateUrl} />
    </Stack>
  );
}
