import fc from 'fast-check';
import { formatSpecFilters, parseSpecFilters, type SpecFilter } from './specification-filters';

describe('specification filters in the address', () => {
  it('reads ranges, open ends, lists and yes/no', () => {
    expect(parseSpecFilters('12:40~60,13:OLED|QLED,14:yes,15:~8.5,16:1200~')).toEqual({
      ok: true,
      filters: [
        { fieldId: 12, kind: 'range', min: 40, max: 60 },
        { fieldId: 13, kind: 'values', values: ['OLED', 'QLED'] },
        { fieldId: 14, kind: 'values', values: ['yes'] },
        { fieldId: 15, kind: 'range', max: 8.5 },
        { fieldId: 16, kind: 'range', min: 1200 },
      ],
    });
    expect(parseSpecFilters('')).toEqual({ ok: true, filters: [] });
  });

  it.each([
    ['x:1~2', '"x" is not a field id'],
    ['0:1~2', '"0" is not a field id'],
    ['12:60~40', 'field 12: min must not exceed max'],
    ['12:~', 'field 12: give a min or a max'],
    ['12:a~4', 'field 12: min and max must be numbers'],
    ['12:1~2,12:3~4', 'field 12 appears twice'],
    ['13:A||B', 'field 13: empty value'],
    ['13:A\u0000', 'control characters are not allowed'],
    ['13', '"13": expected <fieldId>:<values>'],
    ['13:%E0%A4%A', 'field 13: bad escape in "%E0%A4%A"'],
  ])('refuses %j with a message naming the part', (input, message) => {
    expect(parseSpecFilters(input)).toEqual({ ok: false, message });
  });

  it('writes one address per selection: fields by id, values sorted, reserved characters escaped', () => {
    expect(
      formatSpecFilters([
        { fieldId: 13, kind: 'values', values: ['QLED', 'A, B|C:D~E%'] },
        { fieldId: 12, kind: 'range', min: 40 },
        { fieldId: 14, kind: 'values', values: [] },
      ]),
    ).toBe('12:40~,13:A%2C B%7CC%3AD%7EE%25|QLED');
  });

  it('reads back what it writes', () => {
    const value = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() === text && text.length > 0 && ![...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127));
    const filter: fc.Arbitrary<SpecFilter> = fc.oneof(
      fc.record({
        fieldId: fc.integer({ min: 1, max: 1000 }),
        kind: fc.constant('values' as const),
        values: fc.uniqueArray(value, { minLength: 1, maxLength: 4 }),
      }),
      fc
        .record({ fieldId: fc.integer({ min: 1, max: 1000 }), a: fc.integer({ min: 0, max: 5000 }), b: fc.integer({ min: 0, max: 5000 }) })
        .map(({ fieldId, a, b }) => ({ fieldId, kind: 'range' as const, min: Math.min(a, b) / 10, max: Math.max(a, b) / 10 })),
    );
    fc.assert(
      fc.property(fc.uniqueArray(filter, { maxLength: 5, selector: (f) => f.fieldId }), (filters) => {
        const text = formatSpecFilters(filters);
        const parsed = parseSpecFilters(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(formatSpecFilters(parsed.filters)).toBe(text);
      }),
    );
  });
});
