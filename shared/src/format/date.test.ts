import { formatDate, formatDateTime } from './date';

describe('the shared date formatter', () => {
  const moment = new Date(2026, 10, 27, 20, 46);

  it('formats in Dutch by default', () => {
    expect(formatDateTime(moment)).toBe('27-11-2026, 20:46');
    expect(formatDate(moment)).toBe('27 nov 2026');
  });

  it("formats in the user's language when asked", () => {
    expect(formatDateTime(moment, 'en')).toBe('27/11/2026, 20:46');
    expect(formatDate(moment, 'en')).toBe('27 Nov 2026');
    expect(formatDateTime(moment, 'en-US')).toBe('27/11/2026, 20:46');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('geen datum')).toBe('');
  });

  it('writes every month and hour as Intl.DateTimeFormat does for nl-NL and en-GB', () => {
    for (const [language, locale] of [['nl', 'nl-NL'], ['en', 'en-GB']] as const) {
      const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
      const dateTime = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
      for (let month = 0; month < 12; month++) {
        const moment = new Date(2026 + (month % 3), month, 1 + month * 2, month * 2, month * 5);
        expect(formatDate(moment, language)).toBe(date.format(moment));
        expect(formatDateTime(moment, language)).toBe(dateTime.format(moment));
      }
    }
  });
});
