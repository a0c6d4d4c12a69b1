/**
 * The one date formatter: Dutch by default ("21 nov 2026", "21-11-2026, 14:05"), English on
 * request ("21 Nov 2026", "21/11/2026, 14:05"). The language is passed, never read from the
 * page: a server render and the browser's hydration must format alike. Admin screens use
 * `useAdminDates` (the signed-in user's language).
 *
 * Written out rather than through Intl.DateTimeFormat: the first Intl object a page makes loads
 * ICU's data, a long task on a phone while the page hydrates, and these two notations need none
 * of it. The output equals Intl's for nl-NL and en-GB in the local time zone (date.test.ts).
 */
const NOTATIONS = {
  nl: { months: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'], dateSeparator: '-' },
  en: { months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'], dateSeparator: '/' },
};

const notationOf = (language: string) => (language.slice(0, 2) === 'en' ? NOTATIONS.en : NOTATIONS.nl);
const twoDigits = (value: number) => String(value).padStart(2, '0');

function toDate(value: string | Date | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | number | null | undefined, language = 'nl'): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getDate()} ${notationOf(language).months[date.getMonth()]} ${date.getFullYear()}`;
}

export function formatDateTime(value: string | Date | number | null | undefined, language = 'nl'): string {
  const date = toDate(value);
  if (!date) return '';
  const separator = notationOf(language).dateSeparator;
  const day = [twoDigits(date.getDate()), twoDigits(date.getMonth() + 1), date.getFullYear()].join(separator);
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
