/** Small helpers the importer definitions share to read flat records. */
import type { FlatRecord } from '../types';

export const first = (record: FlatRecord, ...keys: string[]): string | undefined => firstOf(record, keys);

/** The first value that is not blank under any of `keys`, in that order. */
export function firstOf(record: FlatRecord, keys: readonly string[]): string | undefined {
  for (let k = 0; k < keys.length; k++) {
    const values = record.get(keys[k]!);
    if (!values) continue;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      const c = value.charCodeAt(0);
      // A printable ASCII first character is not blank; anything else asks trim().
      if ((c > 32 && c < 127) || value.trim() !== '') return value;
    }
  }
  return undefined;
}

/** Name/value pairs held as two aligned lists ("properties.property@name" + "properties.property.value"). */
export function pairs(record: FlatRecord, nameKey: string, valueKey: string): { name: string; value: string }[] {
  const names = record.get(nameKey) ?? [];
  const values = record.get(valueKey) ?? [];
  return names.map((name, i) => ({ name, value: values[i] ?? '' })).filter((p) => p.value !== '');
}

export const findPair = (list: { name: string; value: string }[], ...names: string[]) =>
  list.find((p) => names.some((n) => p.name.toLowerCase() === n.toLowerCase()))?.value;

/** An availability value meaning "not available now" (Google's out_of_stock, Dutch "uitverkocht", …). */
export const isOutOfStock = (value: string | undefined) =>
  value !== undefined && /^(out[ _]?of[ _]?stock|sold[ _]?out|uitverkocht|niet (op voorraad|leverbaar)|discontinued)$/i.test(value.trim());

export const isFalse = (value: string | undefined) =>
  value !== undefined && /^(0|false|no|nee|n|out of stock|outofstock|niet leverbaar)$/i.test(value.trim());
