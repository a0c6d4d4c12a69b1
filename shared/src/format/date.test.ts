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
});
