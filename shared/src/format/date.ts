/**
 * The one date formatter: Dutch by default ("21 nov 2026", "21-11-2026 14:05"), English on
 * request ("21 Nov 2026", "21/11/2026 14:05"). The language is passed, never read from the
 * page: a server render and the browser's hydration must format alike. Admin screens use
 * `useAdminDates` (the signed-in user's language).
 */
const LOCALES: Record<string, string> = { nl: 'nl-NL', en: 'en-GB' };

const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(language: string) {
  const locale = LOCALES[language.slice(0, 2)] ?? LOCALES.nl!;
  let found = formats.get(locale);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric'}),
      dateTime: new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    };
    formats.set(locale, found);
  }
  return found;
}

function toDate(value: string | Date | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | Date | number | null | undefined, language = 'nl'): string {
  const date = toDate(value);
  return date ? formatsFor(language).date.format(date) : '';
}

export function formatDateTime(value: string | Date | number | null | undefined, language = 'nl'): string {
  const date = toDate(value);
  return date ? formatsFor(language).dateTime.format(date) : '';
}
