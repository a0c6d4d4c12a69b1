import { formatDecimal, type DecimalOptions } from './number';

/** Every notation the site uses, against Intl.NumberFormat itself. */
const CASES: DecimalOptions[] = [
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1, sign: 'exceptZero' },
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
];

const VALUES = [
  0, -0, 1, -1, 0.5, 0.05, -0.05, 0.15, 2.25, 0.995, -0.004, 0.004, 12.345, -12.345, 99.5, 1234.56, -1234.56, 1000, 999.995,
  123456789.125, 1e20, 0.000001, 55, 139.7, 4.25, 1 / 3, 2 / 3,
];

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('formatDecimal', () => {
  const next = random(7);
  const values = [...VALUES, ...Array.from({ length: 400 }, () => Math.round((next() - 0.5) * 10 ** Math.floor(next() * 9)) / 10 ** Math.floor(next() * 5))];
  it.each([
    ['nl', 'nl-NL'],
    ['en', 'en-GB'],
  ])('writes %s as Intl does for %s', (language, locale) => {
    for (const options of CASES) {
      const intl = new Intl.NumberFormat(locale, {
        minimumFractionDigits: options.minimumFractionDigits ?? 0,
        maximumFractionDigits: options.maximumFractionDigits,
        signDisplay: options.sign ?? 'auto',
      });
      for (const value of values) expect([value, options, formatDecimal(value, options, language)]).toEqual([value, options, intl.format(value)]);
    }
  });
});
