/** A multipart/form-data body for app.inject: text fields first, then one file. */
export function multipartPayload(
  fields: Record<string, string>,
  file: { field?: string; name: string; type: string; content: Buffer },
): { payload: Buffer; contentType: string } {
  const boundary = '----koopjesland-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The start of a 3×2 PNG: enough for the upload's type and size check. */
export function tinyPng(): Buffer {
  const bytes = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.write('IHDR', 12, 'ascii');
  bytes.writeUInt32BE(3, 16);
  bytes.writeUInt32BE(2, 20);
  return bytes;
}
