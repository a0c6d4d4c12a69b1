/**
 * The admin's dates: the shared formatter in the signed-in user's language. Every admin table,
 * detail and chart shows a moment as `dateTime` (day, month, year, hours and minutes), so an
 * operator compares like with like; `date` is for a day without a time.
 */
import { useMemo } from 'react';
import { formatDate, formatDateTime } from '../format/date';
import { useNamespaceT } from '../i18n/use-namespace-t';

export function useAdminDates() {
  const { i18n } = useNamespaceT('common');
  const language = i18n.language;
  return useMemo(
    () => ({
      dateTime: (value: string | Date | number | null | undefined) => formatDateTime(value, language),
      date: (value: string | Date | number | null | undefined) => formatDate(value, language),
    }),
    [language],
  );
}
