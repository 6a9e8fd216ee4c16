import type { ProviderLetterCountsSource } from '../providers/provider-letter-counts.ts';
import { countLettersByProvider } from './letter-provider-stats.service.ts';

/**
 * Who wrote to an account, for the providers area, which cannot import letters (letters name
 * their provider); app.ts installs it.
 */
export const providerLetterCountsSource: ProviderLetterCountsSource = {
  countOfAccount: countLettersByProvider,
};
