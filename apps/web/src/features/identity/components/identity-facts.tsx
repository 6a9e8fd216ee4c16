import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { VerifiedIdentity } from '@kuvert/shared/identity';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation, type TFunction } from '../../../lib/i18n.ts';
import classes from './identity-facts.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

const eidasLevels: Record<string, 'low' | 'substantial' | 'high'> = {
  'http://eidas.europa.eu/LoA/low': 'low',
  'http://eidas.europa.eu/LoA/substantial': 'substantial',
  'http://eidas.europa.eu/LoA/high': 'high',
};

/** eIDAS levels by their name; any other `acr` as the provider wrote it. */
function assuranceLevel(t: TFunction, acr: string | null): string {
  if (acr === null) return t('identity.facts.levelNone');
  const level = eidasLevels[acr];
  return level ? t(`identity.facts.eidas.${level}`) : acr;
}

/** A birth date may be a year alone where the provider disclosed no more. */
function birthDate(t: TFunction, value: string | null): string {
  if (value === null) return t('identity.facts.birthDateNone');
  return /^\d{4}$/.test(value) ? value : formatCalendarDate(value);
}

/** What the identity provider confirmed: name, birth date, level, who and when. */
export function IdentityFacts({ identity }: { identity: VerifiedIdentity }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts}>
      <Fact label={t('identity.facts.name')}>{identity.name}</Fact>
      <Fact label={t('identity.facts.birthDate')}>{birthDate(t, identity.birth_date)}</Fact>
      <Fact label={t('identity.facts.level')}>{assuranceLevel(t, identity.acr)}</Fact>
      <Fact label={t('identity.facts.issuer')}>{identity.issuer}</Fact>
      <Fact label={t('identity.facts.verifiedAt')}>{formatDateTime(identity.verified_at)}</Fact>
    </dl>
  );
}
