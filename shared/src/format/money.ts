/**
 * The one money formatter: integer cents to Dutch euro notation, e.g. 123456 → "€ 1.234,56"
 * (as Intl's nl-NL currency format writes it, without loading ICU's data on a page's first paint).
 */
import { formatDecimal } from './number';

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return `€\u00a0${formatDecimal(cents / 100, TWO_DECIMALS)}`;
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

const PERCENT_CHANGE = { minimumFractionDigits: 1, maximumFractionDigits: 1, sign: 'exceptZero' } as const;

/** Percent change with one decimal and a sign, e.g. -12.5 → "-12,5%". */
export function formatPercentChange(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return '';
  return `${formatDecimal(percent, PERCENT_CHANGE)}%`;
}
