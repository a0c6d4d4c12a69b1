/**
 * Rules every piece of JSON a client sends obeys, wherever it arrives (a body, or a query
 * parameter holding JSON such as `filters`): nested at most MAX_JSON_DEPTH levels, checked on
 * the text before anything walks the parsed value (a deep enough array overflows the stack of
 * any recursive walk, validation included), and no NUL character in any key or string, which
 * PostgreSQL refuses in text (a 500 instead of a 400 naming the field otherwise).
 */
import { z } from 'zod';

/** Levels of objects and arrays a JSON value may nest: `{"a":[1]}` is two. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;
export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * Where the JSON text first opens an object or array deeper than `limit`: the path to that
 * value ([] for the top level itself), or null when it stays within the limit. One pass over
 * the text, no recursion; text that is not JSON is left to the parser to refuse.
 */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): (string | number)[] | null {
  /** Per open container: the key (object) or index (array) of the value being read in it. */
  const path: (string | number)[] = [];
  const containers: string[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectingKey) {
        try {
          path[path.length - 1] = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return null;
        }
        expectingKey = false;
      }
      i = end;
    } else if (char === '{' || char === '[') {
      if (containers.length === limit) return path.slice();
      containers.push(char);
      path.push(char === '[' ? 0 : '');
      expectingKey = char === '{';
    } else if (char === '}' || char === ']') {
      containers.pop();
      path.pop();
      expectingKey = false;
    } else if (char === ',') {
      const last = path.length - 1;
      if (containers[last] === '[') path[last] = (path[last] as number) + 1;
      else expectingKey = true;
    }
  }
  return null;
}

/** The path of the first key or string holding a NUL, or null. Only for values within MAX_JSON_DEPTH. */
export function nulAt(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = nulAt(child, at);
    if (found) return found;
  }
  return null;
}

/** A field path as the error format names it: `filters.search`, `parameters.fieldMap.name.0`. */
export const fieldName = (path: readonly (string | number)[]) => path.join('.');

/** How the OpenAPI document describes a query parameter that carries JSON. */
export const JSON_QUERY_DESCRIPTION = 'A JSON object, URL-encoded';

/**
 * A query parameter that carries JSON (`filters={"search":"tv"}`), parsed within the rules above
 * and then checked against `schema`; each problem names the field inside (`filters.search`).
 */
export function jsonQueryParameter<T extends z.ZodType>(schema: T, maxLength = 10_000) {
  return z
    .string()
    .max(maxLength)
    // The OpenAPI document says the text is JSON (the fuzz test finds such parameters by it).
    .meta({ description: JSON_QUERY_DESCRIPTION })
    .transform((text, context): z.output<T> => {
      const tooDeep = jsonTooDeepAt(text);
      if (tooDeep) {
        context.addIssue({ code: 'custom', path: tooDeep.slice(0, 1), message: TOO_DEEP_MESSAGE });
        return z.NEVER;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'Expected JSON' });
        return z.NEVER;
      }
      const nul = nulAt(value);
      if (nul) {
        context.addIssue({ code: 'custom', path: nul, message: NUL_MESSAGE });
        return z.NEVER;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue(issue as Parameters<typeof context.addIssue>[0]);
      return z.NEVER;
    });
}
