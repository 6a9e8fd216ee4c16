import { z } from 'zod';

/*
 * The test provider's people. Nobody is stored: the account id (which is the `sub`) carries
 * the person itself, base64url JSON, so whoever picks or types the same name and birth date
 * is the same test identity, on every instance and after a restart.
 */

export const TEST_NAME_MAX_LENGTH = 60;

const testPersonSchema = z.object({
  given_name: z.string().trim().min(1).max(TEST_NAME_MAX_LENGTH),
  family_name: z.string().trim().min(1).max(TEST_NAME_MAX_LENGTH),
  birthdate: z.iso.date(),
});
export type TestPerson = z.infer<typeof testPersonSchema>;

/** Assurance levels the test provider can claim: eIDAS's, as brokers report them. */
export const testAssuranceLevels = [
  'http://eidas.europa.eu/LoA/low',
  'http://eidas.europa.eu/LoA/substantial',
  'http://eidas.europa.eu/LoA/high',
] as const;
export const DEFAULT_ASSURANCE_LEVEL = 'http://eidas.europa.eu/LoA/substantial';

export const presetTestPeople: readonly TestPerson[] = [
  { given_name: 'Erika', family_name: 'Mustermann', birthdate: '1964-08-12' },
  { given_name: 'Max', family_name: 'Mustermann', birthdate: '1962-03-04' },
  { given_name: 'Anna', family_name: 'Svensson', birthdate: '1990-11-30' },
];

export function parseTestPerson(input: unknown): TestPerson | undefined {
  const parsed = testPersonSchema.safeParse(input);
  return parsed.success ? parsed.data : undefined;
}

export function accountIdOf(person: TestPerson): string {
  const { given_name, family_name, birthdate } = person;
  return Buffer.from(JSON.stringify({ given_name, family_name, birthdate })).toString('base64url');
}

export function personOfAccountId(accountId: string): TestPerson | undefined {
  try {
    return parseTestPerson(JSON.parse(Buffer.from(accountId, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}
