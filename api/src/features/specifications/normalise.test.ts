import fc from 'fast-check';
import { normaliseValue, readNumber, type NormalisableField } from './normalise';

const inch: NormalisableField = { type: 'number', unit: 'inch', options: [] };
const rpm: NormalisableField = { type: 'number', unit: 'rpm', options: [] };
const kg: NormalisableField = { type: 'number', unit: 'kg', options: [] };
const gb: NormalisableField = { type: 'number', unit: 'GB', options: [] };
const yesNo: NormalisableField = { type: 'boolean', unit: null, options: [] };
const panel: NormalisableField = { type: 'list', unit: null, options: ['OLED', 'QLED', 'LED'] };

describe('normaliseValue', () => {
  it.each([
    [inch, '55 inch', 55],
    [inch, '55"', 55],
    [inch, '55 "', 55],
    [inch, '139 cm', 55],
    [inch, '6,1 inch', 6.1],
    [inch, '15,5 cm', 6.1],
    [inch, '55', 55],
    [rpm, '1.400 toeren', 1400],
    [rpm, '1400 rpm', 1400],
    [rpm, '1.600 omw/min', 1600],
    [kg, '8 kg', 8],
    [kg, '8,5 kg', 8.5],
    [kg, '8500 g', 8.5],
    [gb, '1 TB', 1000],
    [gb, '128GB', 128],
  ])('%o reads %j as %j', (field, raw, value) => {
    expect(normaliseValue(field, raw)).toEqual({ ok: true, value });
  });

  it.each(['ja', 'Ja', 'yes', 'TRUE', 'aanwezig', ' Ja. '])('reads %j as yes', (raw) => {
    expect(normaliseValue(yesNo, raw)).toEqual({ ok: true, value: true });
  });

  it.each(['nee', 'No', 'false', 'niet aanwezig', 'geen'])('reads %j as no', (raw) => {
    expect(normaliseValue(yesNo, raw)).toEqual({ ok: true, value: false });
  });

  it('matches list values trimmed and without case, answering the option as written', () => {
    expect(normaliseValue(panel, '  oled ')).toEqual({ ok: true, value: 'OLED' });
    expect(normaliseValue(panel, 'Qled')).toEqual({ ok: true, value: 'QLED' });
  });

  it.each([
    [inch, 'groot'],
    [inch, '8 kg'],
    [inch, '55 stuks'],
    [kg, ''],
    [yesNo, 'misschien'],
    [panel, 'Plasma'],
  ])('%o cannot read %j', (field, raw) => {
    expect(normaliseValue(field, raw)).toEqual({ ok: false });
  });

  it('reads any amount written the Dutch way (thousands dot, decimal comma)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
        const dutch = `${whole.toLocaleString('nl-NL')},${String(cents).padStart(2, '0')}`;
        expect(readNumber(dutch)).toBeCloseTo(whole + cents / 100, 6);
        expect(normaliseValue(kg, `${dutch} kg`)).toEqual({ ok: true, value: (whole * 100 + cents) / 100 });
      }),
    );
  });

  it('gives back the whole inch a television was sold as from its size in centimetres', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 120 }), (size) => {
        expect(normaliseValue(inch, `${Math.round(size * 2.54)} cm`)).toEqual({ ok: true, value: size });
      }),
    );
  });

  it('never throws, whatever a feed sends', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        for (const field of [inch, rpm, yesNo, panel]) expect(typeof normaliseValue(field, raw).ok).toBe('boolean');
      }),
    );
  });
});
