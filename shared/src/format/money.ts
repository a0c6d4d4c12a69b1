/** The one money formatter: integer cents to Dutch euro notation, e.g. 123456 → "€ 1.234,56". */
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return euro.format(cents / 100);
}

/** Euros typed by a person (e.g. "12,5" or "12.50") to whole cents, rounded; null when not a number. */
export function eurosToCents(input: string | number): number | null {
  const value = typeof input === 'number' ? input : Number(input.trim().replace(',', '.'));
  if (!Number.isFinite(value) || (typeof input === 'string' && input.trim() === '')) return null;
  return Math.round(value * 100);
}

export function centsToEuros(cents: number): number {
  return cents / 100;
}

const percentChange = new Intl.NumberFormat('nl-NL', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** Percent change with one decimal and a sign, e.g. -12.5 → "-12,5%". */
export function formatPercentChange(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '';
  return `${percentChange.format(percent)}%`;
}
