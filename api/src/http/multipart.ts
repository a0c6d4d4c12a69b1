/**
 * Reading what came with a multipart upload (@fastify/multipart, registered by the feature that
 * takes uploads) under the same rule as every other input: no NUL character in a field's name or
 * value, nor in the file name (400 naming the field). Every multipart route reads through here.
 */
import type { MultipartFile } from '@fastify/multipart';
import { badRequest } from './errors';
import { NUL_MESSAGE } from './json-input';

const hasNul = (text: string) => text.includes('\u0000');

/** Refuses the upload, leaving the rest of its body to be drained. */
function refuse(file: MultipartFile, field: string, details: string): never {
  file.file.resume();
  throw badRequest(`Invalid ${field}`, `${field}: ${details}`);
}

/**
 * The text fields sent before the file, by name (the last of a repeated name), once the file's
 * name and every field have been checked.
 */
export function uploadFields(file: MultipartFile): Record<string, string> {
  if (hasNul(file.filename)) refuse(file, file.fieldname, `the file name ${NUL_MESSAGE}`);
  const fields: Record<string, string> = {};
  for (const [name, parts] of Object.entries(file.fields)) {
    for (const part of [parts ?? []].flat()) {
      if (part.type !== 'field') continue;
      const value = typeof part.value === 'string' ? part.value : '';
      if (hasNul(name) || hasNul(value)) refuse(file, name.replaceAll('\u0000', ''), NUL_MESSAGE);
      fields[name] = value;
    }
  }
  return fields;
}
