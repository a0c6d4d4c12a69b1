import { eurosToCents, formatMoney, formatPercentChange } from './money';

describe('money formatting', () => {
  it('formats cents as Dutch euros with two decimals and a thousands separator', () => {
    expect(formatMoney(123456)).toBe('€\u00a01.234,56');
    expect(formatMoney(5)).toBe('€\u00a00,05');
    expect(formatMoney(0)).toBe('€\u00a00,00');
    expect(formatMoney(null)).toBe('');
  });

  it('writes every amount as Intl.NumberFormat writes nl-NL euros', () => {
    const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    for (const cents of [0, 1, 5, 99, 100, 12345, 99999, 100000, 123456789, 2 ** 31 - 1, -1, -5, -123456, 0.5, 1.5, -0.4])
      expect(formatMoney(cents)).toBe(euro.format(cents / 100));
  });

  it('converts typed euros to whole cents by rounding', () => {
    expect(eurosToCents('12,5')).toBe(1250);
    expect(eurosToCents('19.999')).toBe(2000);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents('abc')).toBeNull();
    expect(eurosToCents('')).toBeNull();
  });

  it('shows a percent change with one decimal and its sign', () => {
    expect(formatPercentChange(-12.345)).toBe('-12,3%');
    expect(formatPercentChange(4)).toBe('+4,0%');
  });
});
