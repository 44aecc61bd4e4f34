import countries from 'i18n-iso-countries';

/**
 * The ISO 3166-1 alpha-2 codes, from `i18n-iso-countries` (a maintained table of the assigned
 * codes, plus the user-assigned XK for Kosovo that carriers use). Intl.DisplayNames was not
 * chosen: it also names CLDR regions that are no ISO 3166-1 country (EU, UN, QO, EA...) and
 * depends on the ICU data the Node build ships.
 */
const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));

export function isCountryCode(value: string): boolean {
  return ALPHA2.has(value);
}
