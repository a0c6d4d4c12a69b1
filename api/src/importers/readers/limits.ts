/** Bounds every reader applies to a single record. */
import type { FlatRecord } from '../types';

/** A field longer than this rejects its record (the run goes on). */
export const MAX_FIELD_CHARS = 1_000_000;

/** What a reader yields for a record with an oversized field. */
export const TOO_LARGE = {
  error: 'A field is larger than the 1 MB limit',
  problem: { reason: 'field-too-large', value: null },
} as const;

export function pushValue(record: FlatRecord, key: string, value: string): void {
  const values = record.get(key);
  if (values) values.push(value);
  else record.set(key, [value]);
}
