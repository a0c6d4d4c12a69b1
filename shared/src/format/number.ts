/**
 * Decimal numbers in Dutch ("1.234,5") or English ("1,234.5") notation without Intl: the first
 * Intl object a page makes loads ICU's data, a long task on a phone while the page hydrates, and
 * these two notations need none of it. The output equals Intl.NumberFormat's for nl-NL and en-GB
 * (number.test.ts holds them side by side): rounding half away from zero on the number's shortest
 * decimal form, groups of three, a minus for a negative number, `+` with `sign: 'exceptZero'`.
 */
export interface DecimalOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits: number;
  /** 'exceptZero': a sign on every number that does not round to zero ("+4,0", "-1,2", "0,0"). */
  sign?: 'auto' | 'exceptZero';
}

const SEPARATORS: Record<string, { group: string; decimal: string }> = {
  nl: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** The digits of |value| rounded to `fraction` decimals, as [integer, fraction] strings; null when written in exponent form. */
function roundedDigits(value: number, fraction: number): [string, string] | null {
  const text = String(Math.abs(value));
  if (text.includes('e')) return null;
  const [whole = '0', part = ''] = text.split('.');
  if (part.length <= fraction) return [whole, part];
  const kept = whole + part.slice(0, fraction);
  // Half away from zero: a 5 or more in the first digit left out rounds the kept digits up.
  const digits = Number(part[fraction]) >= 5 ? increment(kept) : kept;
  const split = digits.length - fraction;
  return [digits.slice(0, split) || '0', digits.slice(split)];
}

function increment(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}

const groupedFrom = (integer: string, separator: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

export function formatDecimal(value: number, options: DecimalOptions, language = 'nl'): string {
  const { minimumFractionDigits = 0, maximumFractionDigits, sign = 'auto' } = options;
  const separators = SEPARATORS[language.slice(0, 2)] ?? SEPARATORS.nl!;
  const digits = Number.isFinite(value) ? roundedDigits(value, maximumFractionDigits) : null;
  if (!digits) {
    // Beyond what the shortest decimal form writes plainly (above 1e21, below 1e-6): rare enough for Intl.
    return new Intl.NumberFormat(language.startsWith('en') ? 'en-GB' : 'nl-NL', {
      minimumFractionDigits,
      maximumFractionDigits,
      signDisplay: sign,
    }).format(value);
  }
  const [integer, rawFraction] = digits;
  let fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length < minimumFractionDigits) fraction = fraction.padEnd(minimumFractionDigits, '0');
  const isZero = /^0*$/.test(integer + rawFraction);
  const negative = value < 0 || Object.is(value, -0);
  const prefix = sign === 'exceptZero' ? (isZero ? '' : negative ? '-' : '+') : negative ? '-' : '';
  return `${prefix}${groupedFrom(integer, separators.group)}${fraction ? separators.decimal + fraction : ''}`;
}
