/**
 * Reads the rows of `COPY … TO STDOUT (FORMAT binary)` (DatabaseHandle.copyOut) as they arrive,
 * without an object per row: a million rows cost a pass over their bytes. Each field is read as
 * its column's binary form (PostgreSQL's "COPY" documentation, "Binary Format"): int4 and int8 as
 * big-endian integers, text as its UTF-8 bytes.
 */

/** "PGCOPY\n\377\r\n\0", then the flags and the header extension's length (int32 each). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_LENGTH = SIGNATURE.length + 8;

/** One row while it is being read: valid only inside the callback that receives it. */
export class BinaryCopyRow {
  bytes: Buffer = Buffer.alloc(0);
  /** Per field: where its bytes start in `bytes`, and how many there are (-1: null). */
  readonly starts: Int32Array;
  readonly lengths: Int32Array;

  constructor(fields: number) {
    this.starts = new Int32Array(fields);
    this.lengths = new Int32Array(fields);
  }

  isNull(field: number): boolean {
    return this.lengths[field] === -1;
  }

  int4(field: number): number {
    return this.bytes.readInt32BE(this.starts[field]!);
  }

  /** An int8 as a number: exact for the whole numbers a double holds (|n| < 2^53), as ids and 52-bit hashes are. */
  int8(field: number): number {
    const start = this.starts[field]!;
    return this.bytes.readInt32BE(start) * 0x1_0000_0000 + this.bytes.readUInt32BE(start + 4);
  }
}

/**
 * Calls `onRow` with each row of a binary COPY of `fields` columns, in order. A row split between
 * two chunks waits for the next one; the header is checked once, and every row must have `fields`.
 */
export async function forEachBinaryCopyRow(
  chunks: AsyncIterable<Uint8Array>,
  fields: number,
  onRow: (row: BinaryCopyRow) => void,
): Promise<void> {
  const row = new BinaryCopyRow(fields);
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let ended = false;
  for await (const chunk of chunks) {
    const bytes = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    if (!headerRead) {
      if (bytes.length < HEADER_LENGTH) {
        pending = bytes;
        continue;
      }
      if (!bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('Not a binary COPY');
      const extension = bytes.readInt32BE(SIGNATURE.length + 4);
      at = HEADER_LENGTH + extension;
      headerRead = true;
    }
    row.bytes = bytes;
    rows: while (at + 2 <= bytes.length) {
      const count = bytes.readInt16BE(at);
      if (count === -1) {
        ended = true;
        at += 2;
        break;
      }
      if (count !== fields) throw new Error(`A binary COPY row of ${count} fields where ${fields} were expected`);
      let field = at + 2;
      for (let i = 0; i < fields; i++) {
        if (field + 4 > bytes.length) break rows;
        const length = bytes.readInt32BE(field);
        const end = field + 4 + Math.max(length, 0);
        if (end > bytes.length) break rows;
        row.starts[i] = field + 4;
        row.lengths[i] = length;
        field = end;
      }
      onRow(row);
      at = field;
    }
    pending = bytes.subarray(at);
  }
  if (!headerRead) throw new Error('Not a binary COPY');
  if (!ended) throw new Error('A binary COPY that ended before its trailer');
}
