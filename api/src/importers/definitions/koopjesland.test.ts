import type { FlatRecord } from '../types';
import { saleIsEffective, shippingForUs } from './koopjesland';

const record = (entries: Record<string, string[]>): FlatRecord => new Map(Object.entries(entries));

describe('Google Merchant Center rules', () => {
  it('takes the Dutch shipping entry of a text list, else the one without a country, else the first', () => {
    expect(shippingForUs(record({ shipping: ['BE:::5.95 EUR,NL:::4.95 EUR'] }))).toBe('4.95 EUR');
    expect(shippingForUs(record({ shipping: ['NL::Express:4,95 EUR'] }))).toBe('4,95 EUR');
    expect(shippingForUs(record({ shipping: ['DE:::9.95 EUR', ':::2.95 EUR'] }))).toBe('2.95 EUR');
    expect(shippingForUs(record({ shipping: ['BE:::5.95 EUR'] }))).toBe('5.95 EUR');
    expect(shippingForUs(record({ shipping: ['3.50'] }))).toBe('3.50');
    expect(shippingForUs(record({}))).toBeUndefined();
  });

  it('applies a sale price only inside its effective period', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(saleIsEffective(undefined, now)).toBe(true);
    expect(saleIsEffective('2026-11-01T00:00+0100/2026-12-01T00:00+0100', now)).toBe(true);
    expect(saleIsEffective('2026-10-01T00:00+0100/2026-10-31T23:59+0100', now)).toBe(false);
    expect(saleIsEffective('2026-12-01T00:00+0100/2027-01-01T00:00+0100', now)).toBe(false);
    expect(saleIsEffective('2026-11-01T00:00Z/', now)).toBe(true);
    expect(saleIsEffective('not a period', now)).toBe(false);
  });
});
