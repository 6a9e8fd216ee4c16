import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconId } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LetterSignature } from '@kuvert/shared/signatures';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate, localIsoDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { DeclineDialog } from './decline-dialog.tsx';
import { SealedCopy } from './sealed-copy.tsx';
import type { SealedDocumentLink } from './sealed-copy.tsx';
import { SignDialog } from './sign-dialog.tsx';
import { SignerList } from './signer-list.tsx';
import { countSigned, declinedBy, isExpiredNow, signatureStanding } from './signature-rules.ts';
import type { SignatureStanding } from './signature-rules.ts';

export type { SealedDocumentLink } from './sealed-copy.tsx';

interface SignaturePanelProps {
  letterId: string;
  signature: LetterSignature;
  providerName: string;
  /** The sealed copy among the letter's documents, once there is one. */
  sealedDocument: SealedDocumentLink | null;
  /**
   * "Verify your identity", shown when the sender requires a verified identity of the caller
   * who has none yet (the identity area's flow, brought in by the page).
   */
  verifyIdentity?: ReactNode;
}

/** Colour and a text colour of at least 4.5:1 on the light badge (as the invoice statuses). */
const standingLook: Record<SignatureStanding, { color: string; text: string }> = {
  waitingForYou: { color: 'kuvert', text: 'var(--mantine-color-kuvert-light-color)' },
  waitingForOthersAfterYou: { color: 'gray', text: 'var(--kuvert-color-quiet-text)' },
  waitingForOthers: { color: 'gray', text: 'var(--kuvert-color-quiet-text)' },
  completed: { color: 'teal', text: 'var(--kuvert-color-success-text)' },
  declined: { color: 'red', text: 'var(--kuvert-color-alert-text)' },
  expired: { color: 'gray', text: 'var(--kuvert-color-quiet-text)' },
  cancelled: { color: 'gray', text: 'var(--kuvert-color-quiet-text)' },
};

/** A signature request inside its letter: where it stands, who signs, and signing it. */
export function SignaturePanel({
  letterId,
  signature,
  providerName,
  sealedDocument,
  verifyIdentity,
}: SignaturePanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isSignOpen, setIsSignOpen] = useState(false);
  const [isDeclineOpen, setIsDeclineOpen] = useState(false);
  const standing = signatureStanding(signature);
  const isExpired = isExpiredNow(signature);
  const me = signature.signers.find((signer) => signer.is_me);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--kuvert-color-surface-muted)"
      data-testid="signature-panel"
      data-status={signature.status}
      style={{
        borderColor: isDueToday(signature) ? 'var(--mantine-color-red-6)' : undefined,
        borderLeftWidth: isDueToday(signature) ? 4 : undefined,
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="h4" id={headingId}>
            {t('signatures.panel.title')}
          </Title>
          <Badge
            variant="light"
            color={standingLook[standing].color}
            c={standingLook[standing].text}
            fw={600}
            size="lg"
            radius="sm"
            tt="none"
            data-testid="signature-standing"
          >
            {t(`signatures.standing.${standing}`)}
          </Badge>
        </Group>
        <Outcome signature={signature} providerName={providerName} />
        <DueLine signature={signature} isExpired={isExpired} />
        <Divider />
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('signatures.panel.progress', {
              signed: countSigned(signature),
              total: signature.signers.length,
            })}
          </Text>
          <SignerList signers={signature.signers} />
        </Stack>
        <SignActions
          signature={signature}
          providerName={providerName}
          verifyIdentity={verifyIdentity}
          onSign={() => setIsSignOpen(true)}
          onDecline={() => setIsDeclineOpen(true)}
        />
        <SealedCopy signature={signature} sealedDocument={sealedDocument} />
        {signature.seal_status === 'sealed' ? (
          <Anchor component={Link} to={paths.verifyDocument()} size="sm" fw={600}>
            {t('signatures.panel.verify')}
          </Anchor>
        ) : null}
      </Stack>
      {/* Stay mounted when signing ends `can_sign`, so their success is still reported. */}
      <SignDialog
        letterId={letterId}
        myName={me?.name ?? ''}
        opened={isSignOpen}
        onClose={() => setIsSignOpen(false)}
      />
      <DeclineDialog
        letterId={letterId}
        providerName={providerName}
        opened={isDeclineOpen}
        onClose={() => setIsDeclineOpen(false)}
      />
    </Paper>
  );
}

const at = (value: string | null) => (value === null ? '' : formatDateTime(value));

/** How a closed request ended, in a sentence. */
function Outcome({
  signature,
  providerName,
}: {
  signature: LetterSignature;
  providerName: string;
}) {
  const { t } = useTranslation();
  if (signature.status === 'completed') {
    return <Text>{t('signatures.outcome.completed', { date: at(signature.completed_at) })}</Text>;
  }
  if (signature.status === 'declined') {
    const signer = declinedBy(signature);
    return (
      <Text style={{ overflowWrap: 'anywhere' }}>
        {t('signatures.outcome.declined', {
          name: signer?.name ?? '',
          reason: signer?.declined_reason ?? '',
        })}
      </Text>
    );
  }
  if (signature.status === 'cancelled') {
    return (
      <Text>
        {t('signatures.outcome.cancelled', {
          name: providerName,
          date: at(signature.cancelled_at),
        })}
      </Text>
    );
  }
  return null;
}

/** Pending, and today is the last day to sign: marked, as an overdue invoice is. */
function isDueToday(signature: LetterSignature): boolean {
  return signature.status === 'pending' && signature.due_date === localIsoDate();
}

function DueLine({ signature, isExpired }: { signature: LetterSignature; isExpired: boolean }) {
  const { t } = useTranslation();
  const date = formatCalendarDate(signature.due_date);
  if (isExpired) {
    return (
      <Text fw={600} c="var(--kuvert-color-alert-text)">
        {t('signatures.panel.expiredOn', { date })}
      </Text>
    );
  }
  if (signature.status !== 'pending') {
    return (
      <Text size="sm" c="dimmed">
        {t('signatures.panel.dueWas', { date })}
      </Text>
    );
  }
  if (isDueToday(signature)) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle
          size={20}
          aria-hidden="true"
          color="var(--mantine-color-red-9)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text fw={700} c="var(--kuvert-color-alert-text)">
          {t('signatures.panel.dueToday')}
        </Text>
      </Group>
    );
  }
  return (
    <Text>
      {t('signatures.panel.dueBy')}{' '}
      <Text span fw={700}>
        {date}
      </Text>
    </Text>
  );
}

interface SignActionsProps {
  signature: LetterSignature;
  providerName: string;
  verifyIdentity: ReactNode;
  onSign: () => void;
  onDecline: () => void;
}

/** Sign and Decline when the user may; otherwise why not. */
function SignActions({
  signature,
  providerName,
  verifyIdentity,
  onSign,
  onDecline,
}: SignActionsProps) {
  const { t } = useTranslation();
  if (signature.can_sign && signature.needs_verified_identity) {
    // Said before they try: signing would be refused until they verified who they are.
    return (
      <Stack gap="sm">
        <Alert
          variant="light"
          color="kuvert"
          icon={<IconId size={18} aria-hidden="true" />}
          title={t('signatures.identity.title')}
          data-testid="identity-required"
        >
          {t('signatures.identity.text', { name: providerName })}
        </Alert>
        <Group gap="sm" align="flex-start">
          {verifyIdentity}
          <Button variant="default" onClick={onDecline} size="md">
            {t('signatures.panel.decline')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (signature.can_sign) {
    return (
      <Group gap="sm">
        <Button onClick={onSign} size="md">
          {t('signatures.panel.sign')}
        </Button>
        <Button variant="default" onClick={onDecline} size="md">
          {t('signatures.panel.decline')}
        </Button>
      </Group>
    );
  }
  const reason = signature.cannot_sign_reason;
  if (reason === null) return null;
  // Once closed, the outcome above says it all; only "expired" adds why nobody can sign.
  if (signature.status !== 'pending' && reason !== 'expired') return null;
  if (reason === 'viewer') {
    // As every write action of a viewer: shown, disabled, and the tooltip says why.
    return (
      <Stack gap="xs" align="flex-start">
        <Tooltip label={t('letters.readOnly.tooltip')} multiline w={260}>
          <span tabIndex={0} style={{ display: 'inline-block' }}>
            <Button disabled size="md">
              {t('signatures.panel.sign')}
            </Button>
          </span>
        </Tooltip>
        <Text size="sm" c="dimmed" data-testid="cannot-sign-reason">
          {t('signatures.cannotSign.viewer')}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="cannot-sign-reason">
      {t(`signatures.cannotSign.${reason}`)}
    </Text>
  );
}
