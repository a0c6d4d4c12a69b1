/**
 * Reads a raw property value ("55 inch", "139 cm", "1.400 toeren", "ja", " oled ") into a
 * field's normalised value: a number in the field's unit, a boolean, or one of its options.
 * Pure: the repository writes what it returns, and keeps a value it cannot read as it was.
 */
import type { SpecificationFieldType, SpecificationUnit } from '@koopjesland/shared/entities';

export interface NormalisableField {
  type: SpecificationFieldType;
  unit: SpecificationUnit | null;
  options: readonly string[];
}

export type Normalised = { ok: true; value: number | boolean | string } | { ok: false };

const UNREADABLE: Normalised = { ok: false };

type Dimension = 'length' | 'mass' | 'volume' | 'data' | 'speed' | 'power' | 'energy' | 'frequency' | 'charge' | 'sound' | 'pixels' | 'voltage' | 'time';

/** Each unit's dimension and its size in the dimension's base unit (so any two of one dimension convert). */
const UNITS: Record<SpecificationUnit, { dimension: Dimension; factor: number }> = {
  inch: { dimension: 'length', factor: 25.4 },
  cm: { dimension: 'length', factor: 10 },
  mm: { dimension: 'length', factor: 1 },
  m: { dimension: 'length', factor: 1000 },
  kg: { dimension: 'mass', factor: 1000 },
  g: { dimension: 'mass', factor: 1 },
  l: { dimension: 'volume', factor: 1000 },
  ml: { dimension: 'volume', factor: 1 },
  // Storage is sold in decimal units (a 1 TB disk holds 1000 GB on the box).
  MB: { dimension: 'data', factor: 1 },
  GB: { dimension: 'data', factor: 1000 },
  TB: { dimension: 'data', factor: 1_000_000 },
  rpm: { dimension: 'speed', factor: 1 },
  W: { dimension: 'power', factor: 1 },
  kW: { dimension: 'power', factor: 1000 },
  kWh: { dimension: 'energy', factor: 1 },
  Hz: { dimension: 'frequency', factor: 1 },
  mAh: { dimension: 'charge', factor: 1 },
  dB: { dimension: 'sound', factor: 1 },
  MP: { dimension: 'pixels', factor: 1 },
  V: { dimension: 'voltage', factor: 1 },
  h: { dimension: 'time', factor: 60 },
  min: { dimension: 'time', factor: 1 },
};

/** Words and signs feeds write for each unit, lower case. */
const UNIT_WORDS: Record<string, SpecificationUnit> = {
  inch: 'inch', inches: 'inch', in: 'inch', duim: 'inch', zoll: 'inch', '"': 'inch', "''": 'inch', '″': 'inch', '”': 'inch',
  cm: 'cm', centimeter: 'cm', centimeters: 'cm', mm: 'mm', millimeter: 'mm', m: 'm', meter: 'm', meters: 'm',
  kg: 'kg', kilo: 'kg', kilos: 'kg', kilogram: 'kg', kilograms: 'kg', g: 'g', gr: 'g', gram: 'g', grams: 'g',
  l: 'l', liter: 'l', liters: 'l', litre: 'l', litres: 'l', ltr: 'l', ml: 'ml', milliliter: 'ml',
  mb: 'MB', gb: 'GB', tb: 'TB',
  rpm: 'rpm', toeren: 'rpm', tpm: 'rpm', 'omw/min': 'rpm', 't/min': 'rpm', 'toeren/min': 'rpm', 'toeren/minuut': 'rpm', 'u/min': 'rpm',
  w: 'W', watt: 'W', kw: 'kW', kilowatt: 'kW', kwh: 'kWh', 'kwh/jaar': 'kWh', 'kwh/1000': 'kWh',
  hz: 'Hz', hertz: 'Hz', mah: 'mAh', db: 'dB', 'db(a)': 'dB', dba: 'dB', mp: 'MP', megapixel: 'MP', megapixels: 'MP',
  v: 'V', volt: 'V', h: 'h', uur: 'h', hour: 'h', hours: 'h', min: 'min', minuten: 'min', minutes: 'min',
};

const YES = new Set(['ja', 'yes', 'true', 'y', 'j', '1', 'aanwezig', 'inbegrepen', 'wel', 'waar', 'on', 'aan', '✓', '✔']);
const NO = new Set(['nee', 'no', 'false', 'n', '0', 'niet aanwezig', 'afwezig', 'geen', 'onwaar', 'off', 'uit', 'none', '-', '✗', '✘']);

/**
 * A written number: Dutch first (thousands dot, decimal comma), English decimals accepted.
 * "1.400" and "1.400.000" are thousands (a dot before exactly three digits), "6.1" a decimal;
 * with both signs the last one is the decimal sign; "8,5" is a decimal, "1,000,000" thousands.
 */
export function readNumber(text: string): number | null {
  const t = text.replace(/\s/g, '');
  if (!/^-?\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) return null;
  const dot = t.lastIndexOf('.');
  const comma = t.lastIndexOf(',');
  let normal: string;
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [whole = '', fraction = '', ...rest] = t.split(decimal);
    if (rest.length || !groupedThousands(whole, thousands)) return null;
    normal = `${whole.split(thousands).join('')}.${fraction}`;
  } else if (dot >= 0) {
    normal = groupedThousands(t, '.') && /\.\d{3}$/.test(t) ? t.split('.').join('') : t.split('.').length === 2 ? t : '';
  } else if (comma >= 0) {
    normal = t.split(',').length === 2 ? t.replace(',', '.') : groupedThousands(t, ',') ? t.split(',').join('') : '';
  } else normal = t;
  if (!normal) return null;
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

/** "1.400.000" with "." : groups of three after the first. */
function groupedThousands(text: string, separator: string): boolean {
  const groups = text.replace(/^-/, '').split(separator);
  return groups.length === 1 || (/^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((group) => /^\d{3}$/.test(group)));
}

/**
 * A converted value is rounded to what the source could say: screen sizes given in cm are
 * marketing roundings of whole inches ("139 cm" is a 55" set), so a converted inch of 20 and up
 * is a whole inch and a smaller one (a phone) keeps one decimal; any other conversion keeps three
 * significant digits. Unconverted values keep their own digits.
 */
function roundConverted(value: number, unit: SpecificationUnit): number {
  if (unit === 'inch') return value >= 20 ? Math.round(value) : Math.round(value * 10) / 10;
  if (value === 0) return 0;
  const digits = 3 - Math.ceil(Math.log10(Math.abs(value)));
  const scale = 10 ** Math.max(digits, 0);
  const rounded = Math.round(value * scale) / scale;
  return digits < 0 ? Math.round(rounded / 10 ** -digits) * 10 ** -digits : rounded;
}

const NUMBER_WITH_UNIT = /(-?\d[\d.,]*(?:\s\d{3})*)\s*(''|["″”]|[a-zA-Z]+(?:\([a-zA-Z]\))?(?:\/[a-zA-Z0-9]+)?)?/;

function normaliseNumber(raw: string, unit: SpecificationUnit | null): Normalised {
  const match = NUMBER_WITH_UNIT.exec(raw);
  if (!match?.[1]) return UNREADABLE;
  const value = readNumber(match[1].replace(/[.,]$/, ''));
  if (value === null) return UNREADABLE;
  const word = match[2]?.toLowerCase();
  if (!word) return { ok: true, value: tidy(value) };
  const from = UNIT_WORDS[word];
  // A number in a word we do not know is not a number of this field ("55 stuks" for inches).
  if (!from) return UNREADABLE;
  if (!unit) return UNREADABLE;
  if (from === unit) return { ok: true, value: tidy(value) };
  const source = UNITS[from];
  const target = UNITS[unit];
  if (source.dimension !== target.dimension) return UNREADABLE;
  return { ok: true, value: roundConverted((value * source.factor) / target.factor, unit) };
}

/** Binary floating point noise off ("0.1 + 0.2"), never a meaningful digit. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6;

const clean = (raw: string) => raw.trim().replace(/\s+/g, ' ');

export function normaliseValue(field: NormalisableField, raw: string): Normalised {
  const text = clean(raw);
  if (!text) return UNREADABLE;
  switch (field.type) {
    case 'number':
      return normaliseNumber(text, field.unit);
    case 'boolean': {
      const word = text.toLowerCase().replace(/[.!]$/, '');
      if (YES.has(word)) return { ok: true, value: true };
      if (NO.has(word)) return { ok: true, value: false };
      return UNREADABLE;
    }
    case 'list': {
      const key = text.toLowerCase();
      const option = field.options.find((candidate) => clean(candidate).toLowerCase() === key);
      return option === undefined ? UNREADABLE : { ok: true, value: option };
    }
  }
}

/** The lookup key of a raw property name: mapped names match without case and outer spaces. */
export const propertyNameKey = (name: string) => clean(name).toLowerCase();

/** A number with a unit written in a search ("55 inch", "8 kg"), in every unit of its kind. */
export interface SearchedAmount {
  text: string;
  /** The amount in each unit of the same dimension, so it matches a field kept in any of them. */
  inUnits: { unit: SpecificationUnit; value: number }[];
}

/**
 * Splits a search into amounts with a known unit and the remaining words: "wasmachine 8 kg" →
 * amounts [8 kg (8000 g)], words ["wasmachine"].
 */
export function searchTermsOf(search: string): { amounts: SearchedAmount[]; words: string[] } {
  const amounts: SearchedAmount[] = [];
  let rest = search;
  for (const match of search.matchAll(new RegExp(NUMBER_WITH_UNIT.source, 'g'))) {
    const unit = match[2] ? UNIT_WORDS[match[2].toLowerCase()] : undefined;
    const value = match[1] ? readNumber(match[1].replace(/[.,]$/, '')) : null;
    if (!unit || value === null) continue;
    const source = UNITS[unit];
    const inUnits = (Object.keys(UNITS) as SpecificationUnit[])
      .filter((candidate) => UNITS[candidate].dimension === source.dimension)
      .map((candidate) => ({ unit: candidate, value: (value * source.factor) / UNITS[candidate].factor }));
    amounts.push({ text: match[0], inUnits });
    rest = rest.replace(match[0], ' ');
  }
  const words = rest.split(/\s+/).map((word) => word.trim()).filter((word) => word.length >= 2);
  return { amounts, words };
}
