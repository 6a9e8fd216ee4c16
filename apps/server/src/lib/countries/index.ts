export { alpha3ByCountry } from './alpha3.ts';
export { countryFromText, countryKey } from './country-from-text.ts';
export { restoreLeadingZeros } from './postcodes.ts';
