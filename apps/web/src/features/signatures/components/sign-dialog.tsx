import {
  Box,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconSignature } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { SIGNATURE_NAME_MAX_LENGTH, signatureMethodSchema } from '@kuvert/shared/signatures';
import type { SignatureMethod } from '@kuvert/shared/signatures';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSignLetter } from '../api/sign-letter.ts';
import classes from './signature-box.module.css';
import { SignaturePad } from './signature-pad.tsx';
import { toSignatureStrokes } from './strokes.ts';
import type { Point } from './strokes.ts';

interface SignDialogProps {
  letterId: string;
  /** Prefills the typed name: the signer's name as Kuvert knows it. */
  myName: string;
  opened: boolean;
  onClose: () => void;
}

/** Signing: the name typed (the keyboard path) or drawn, the consent, the password. */
export function SignDialog({ letterId, myName, opened, onClose }: SignDialogProps) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={t('signatures.sign.title')} size="lg">
      {/* Mounted per opening: a new attempt starts clean. */}
      {opened ? <SignForm letterId={letterId} myName={myName} onClose={onClose} /> : null}
    </AppModal>
  );
}

type Problem = 'typedName' | 'strokes' | 'consent' | 'password';

function SignForm({ letterId, myName, onClose }: Omit<SignDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const sign = useSignLetter();
  const [method, setMethod] = useState<SignatureMethod>('typed');
  const [typedName, setTypedName] = useState(myName);
  const [strokes, setStrokes] = useState<Point[][]>([]);
  const [hasConsent, setConsent] = useState(false);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<ReadonlySet<Problem>>(new Set());
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const isPasswordWrong = hasErrorCode(sign.error, 'PASSWORD_WRONG');

  const clearProblem = (problem: Problem) =>
    setProblems((current) => new Set([...current].filter((entry) => entry !== problem)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = typedName.trim();
    const drawn = toSignatureStrokes(strokes);
    const found = new Set<Problem>();
    if (method === 'typed' && name === '') found.add('typedName');
    if (method === 'drawn' && drawn === null) found.add('strokes');
    if (!hasConsent) found.add('consent');
    if (password === '') found.add('password');
    setProblems(found);
    if (found.size > 0) return;
    sign.mutate(
      {
        letterId,
        method,
        ...(method === 'typed' ? { typed_name: name } : {}),
        ...(method === 'drawn' && drawn !== null ? { strokes: drawn } : {}),
        consent: true,
        password,
      },
      {
        onSuccess: () => {
          notify({ type: 'positive', message: t('signatures.sign.done') });
          onClose();
        },
        onError: (error) => {
          // Everything else stays as it was; only the password is asked again.
          if (!hasErrorCode(error, 'PASSWORD_WRONG')) return;
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  };

  const generalError = sign.isError && !isPasswordWrong ? translateError(t, sign.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-label={t('signatures.sign.title')}>
      <Stack gap="md">
        <Text size="sm">{t('signatures.sign.intro')}</Text>
        {generalError === null ? null : <FormAlert tone="error">{generalError}</FormAlert>}
        <Tabs
          value={method}
          onChange={(value) => {
            const parsed = signatureMethodSchema.safeParse(value);
            if (parsed.success) setMethod(parsed.data);
          }}
        >
          <Tabs.List aria-label={t('signatures.sign.methodLabel')}>
            <Tabs.Tab value="typed" leftSection={<IconSignature size={16} aria-hidden="true" />}>
              {t('signatures.sign.typeTab')}
            </Tabs.Tab>
            <Tabs.Tab value="drawn" leftSection={<IconPencil size={16} aria-hidden="true" />}>
              {t('signatures.sign.drawTab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="typed" pt="md">
            <Stack gap="sm">
              <TextInput
                label={t('signatures.sign.typedName')}
                value={typedName}
                maxLength={SIGNATURE_NAME_MAX_LENGTH}
                autoComplete="name"
                onChange={(event) => {
                  setTypedName(event.currentTarget.value);
                  clearProblem('typedName');
                }}
                error={problems.has('typedName') ? t('signatures.sign.typedNameMissing') : null}
              />
              <Box className={classes.box}>
                <div
                  className={`${classes.typed} ${typedName.trim() === '' ? classes.typedEmpty : ''}`}
                  style={{ aspectRatio: '3 / 1' }}
                  role="img"
                  aria-label={t('signatures.sign.typedPreview', { name: typedName.trim() })}
                  data-testid="typed-signature"
                >
                  {typedName.trim() === '' ? t('signatures.sign.typedEmpty') : typedName}
                </div>
                <span className={classes.line} aria-hidden="true" />
              </Box>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="drawn" pt="md">
            <SignaturePad
              strokes={strokes}
              onChange={(next) => {
                setStrokes(next);
                clearProblem('strokes');
              }}
              error={problems.has('strokes') ? t('signatures.sign.strokesMissing') : null}
            />
          </Tabs.Panel>
        </Tabs>
        <Checkbox
          checked={hasConsent}
          onChange={(event) => {
            setConsent(event.currentTarget.checked);
            clearProblem('consent');
          }}
          label={t('signatures.sign.consent')}
          error={problems.has('consent') ? t('signatures.sign.consentMissing') : null}
          styles={{ label: { lineHeight: 1.5 } }}
        />
        <PasswordInput
          ref={passwordRef}
          label={t('signatures.sign.password')}
          description={t('signatures.sign.passwordHint')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            clearProblem('password');
          }}
          error={
            problems.has('password')
              ? t('signatures.sign.passwordMissing')
              : isPasswordWrong && password === ''
                ? t('signatures.sign.passwordWrong')
                : null
          }
          maw={360}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={sign.isPending}>
            {t('signatures.sign.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
