/**
 * Property-based check of every route in the OpenAPI document: hostile values in every path
 * parameter, query parameter (JSON ones such as `filters` included), body field (nested, and
 * nested far too deep) and multipart field never produce a 5xx. Signed in as an admin, so the
 * guarded routes are reached past their auth check. Fixed seed in CI; a bigger run on demand:
 * `FUZZ_RUNS=500 FUZZ_SEED=$RANDOM npm test -- api/src/http/hostile-input.fuzz`.
 */
import fc from 'fast-check';
import { openCatalogueTestApp } from '../../test/catalogue';
import { createTestUser } from '../../test/auth';
import { multipartPayload, tinyPng } from '../../test/multipart';
import { JSON_QUERY_DESCRIPTION } from './json-input';
import type { TestContext } from '../../test/helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  description?: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

const hostileText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '-1',
      '0',
      '2147483648',
      '99999999999999999999',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      'null',
      'true',
      '[]',
      '{}',
      '{"storeId":1099511627776}',
      '%',
      '%00',
      "' or 1=1 --",
      '../../../etc/passwd',
      '<script>alert(1)</script>',
      '\uD800',
      '😀'.repeat(50),
      'x'.repeat(5000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, true, false, null, [], {}, [null], {
    id: -1,
  }),
  fc.integer(),
);

/** Keys a route might know, a key holding NUL, and noise. */
const hostileKey = fc.oneof(
  fc.constantFrom('search', 'name', 'storeId', 'productIds', 'fieldMap', 'cron', 'a\u0000b', '__proto__', 'constructor'),
  fc.string({ maxLength: 8 }),
);

/** Objects and arrays a few levels deep with hostile values anywhere inside. */
const nestedHostile: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: hostileScalar }, { weight: 1, arbitrary: nestedHostile });

const closing = (open: string) => (open === '[' ? ']' : '}');

/** JSON text with `key` holding a value nested `depth` levels deep, written as text (nothing walks it here either). */
const deeplyNested = (keys: readonly string[], maxDepth: number) =>
  fc
    .record({
      key: fc.constantFrom(...(keys.length ? keys : ['x'])),
      depth: fc.integer({ min: 28, max: maxDepth }),
      open: fc.constantFrom('[', '{"a":'),
      leaf: fc.constantFrom('1', '"a\\u0000b"', 'null', '{}'),
    })
    .map(({ key, depth, open, leaf }) => `{${JSON.stringify(key)}:${open.repeat(depth)}${leaf}${closing(open).repeat(depth)}}`);

/** Text with a NUL more often than hostileText has one: for the places a NUL used to slip through. */
const nulProneText = fc.oneof(fc.constantFrom('\u0000', 'a\u0000b'), hostileText);

/** The keys of the JSON filters the lists take (`filters={"search":…}`), each with a hostile value. */
const hostileFilters = fc
  .dictionary(
    fc.constantFrom('search', 'name', 'brand', 'category', 'storeId', 'productIds'),
    fc.oneof({ weight: 2, arbitrary: nulProneText }, { weight: 1, arbitrary: hostileValue }),
    { minKeys: 1, maxKeys: 2 },
  )
  .map((filters) => JSON.stringify(filters));

/** A query value: plain hostile text, or JSON (routes parse `filters` and the like) nested and deep. */
const hostileQueryValue = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileFilters },
  { weight: 1, arbitrary: nestedHostile.map((value) => JSON.stringify(value) ?? '') },
  { weight: 1, arbitrary: deeplyNested(['search', 'name', 'productIds'], 300) },
);

/** A path parameter: hostile, or the id of an object that likely exists (so the handler itself is reached). */
const pathValue = fc.oneof(hostileText, fc.constantFrom('1', '2', '3'));

/**
 * The query: every parameter hostile at once, or one alone (so it is not hidden behind another's
 * 400); a parameter documented as JSON gets hostile JSON.
 */
function hostileQuery(names: string[], jsonNames: string[]): fc.Arbitrary<Record<string, string>> {
  const all = fc.record(Object.fromEntries(names.map((name) => [name, hostileQueryValue])));
  if (!names.length) return all;
  const one = fc.constantFrom(...names).chain((name) => hostileQueryValue.map((value) => ({ [name]: value })));
  if (!jsonNames.length) return fc.oneof(all, one);
  const json = fc.oneof(hostileFilters, deeplyNested(['search', 'name'], 300), nestedHostile.map((value) => JSON.stringify(value) ?? ''));
  const oneJson = fc.constantFrom(...jsonNames).chain((name) => json.map((value) => ({ [name]: value })));
  return fc.oneof(all, one, { weight: 2, arbitrary: oneJson });
}

/** A multipart form: hostile text fields (alt among them) and a file with a hostile name. */
const hostileMultipart = fc.record({
  fields: fc
    .tuple(nulProneText, fc.dictionary(hostileKey, nulProneText, { maxKeys: 2 }))
    .map(([alt, others]) => ({ ...others, alt })),
  name: fc.oneof(fc.constantFrom('voorkant.png', 'a\u0000b.png', '../../etc/passwd', ''), hostileText),
  content: fc.constantFrom(tinyPng(), tinyPng(), Buffer.from('<svg onload="alert(1)"/>'), Buffer.alloc(0)),
});

/** A body shaped like the schema's top-level fields, each filled with a hostile value (or left out). */
function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema?.properties ?? {});
  if (!fields.length) return fc.oneof(hostileValue, fc.constant({}));
  return fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
    hostileValue,
  );
}

/**
 * The body as sent: JSON of the above, JSON nested up to 100,000 levels in one of its fields, or
 * a multipart form (mostly, for a write that documents no JSON body: an upload).
 */
function hostileRequestBody(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const fields = Object.keys(schema?.properties ?? {});
  return fc.oneof(
    { weight: schema ? 4 : 1, arbitrary: hostileBody(schema).map((body): Body => ({ kind: 'json', text: JSON.stringify(body) })) },
    { weight: 1, arbitrary: deeplyNested(fields, 100_000).map((text): Body => ({ kind: 'json', text })) },
    { weight: schema ? 1 : 4, arbitrary: hostileMultipart.map((form): Body => ({ kind: 'multipart', form })) },
  );
}

let ctx: TestContext;
let headers: Record<string, string>;
let operations: { path: string; method: string; operation: Operation }[];
beforeAll(async () => {
  ({ ctx } = await openCatalogueTestApp());
  // Ids 1–3 are tried as existing objects: the admin signed in must not be one of them.
  for (const n of [1, 2, 3]) await createTestUser(ctx.app, { email: `fuzz-${n}@koopjesland.test` });
  headers = (await createTestUser(ctx.app, { role: 'admin' })).headers;
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      // Signing out would revoke the token the rest of the run uses.
      .filter(() => !path.endsWith('/auth/logout'))
      .map(([method, operation]) => ({ path, method, operation })),
  );
});
afterAll(() => ctx.close());

type Body = { kind: 'json'; text: string } | { kind: 'multipart'; form: { fields: Record<string, string>; name: string; content: Buffer } } | null;
interface HostileRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  body: Body;
}

const parametersOf = (operation: Operation, where: Parameter['in']) =>
  (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
const jsonBodySchema = (operation: Operation) => operation.requestBody?.content?.['application/json']?.schema;
const pathValues = (operation: Operation, value = pathValue) =>
  fc.record(Object.fromEntries(parametersOf(operation, 'path').map((name) => [name, value])));
/** Ids of objects that likely exist: the request reaches what it aims at. */
const existingIds = fc.constantFrom('1', '2', '3');

/** Sends one hostile request; its status. */
/** A lone UTF-16 surrogate cannot be put in an address (encodeURIComponent throws): a client sends U+FFFD. */
const wellFormed = (text: string) => Buffer.from(text).toString();

async function send(path: string, method: string, { path: values, query, body }: HostileRequest) {
  const url =
    path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(String(values[name] ?? '')))) +
    (Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');
  const multipart = body?.kind === 'multipart' ? multipartPayload(body.form.fields, { name: body.form.name, type: 'image/png', content: body.form.content }) : null;
  const sending = !body
    ? { headers }
    : multipart
      ? { payload: multipart.payload, headers: { ...headers, 'content-type': multipart.contentType } }
      : { payload: body.kind === 'json' ? body.text : '', headers: { ...headers, 'content-type': 'application/json' } };
  const response = await ctx.app.inject({ method: method.toUpperCase() as 'GET', url, ...sending });
  const sent = !body ? '' : body.kind === 'json' ? body.text : JSON.stringify(body.form.fields);
  return { status: response.statusCode, request: `${method.toUpperCase()} ${url.slice(0, 200)} ${sent.slice(0, 200)}` };
}

/** Runs `runs` hostile requests against each operation; the ones answered with a status `refused` picks out. */
async function attack(
  targets: typeof operations,
  input: (operation: Operation, method: string) => fc.Arbitrary<HostileRequest>,
  runs: number,
  refused: (status: number) => boolean = (status) => status >= 500,
) {
  const failures: string[] = [];
  let requests = 0;
  for (const { path, method, operation } of targets) {
    await fc.assert(
      fc.asyncProperty(input(operation, method), async (request) => {
        const { status, request: sent } = await send(path, method, request);
        requests += 1;
        if (refused(status)) failures.push(`${sent} → ${status}`);
        return true;
      }),
      { numRuns: runs, seed: SEED },
    );
  }
  return { failures, requests };
}

const hasBody = (method: string, operation: Operation) => !['get', 'head', 'delete'].includes(method) || jsonBodySchema(operation) !== undefined;

it('answers every hostile input on every documented route without a server error', async () => {
  const { failures, requests } = await attack(
    operations,
    (operation, method) => {
      const bodySchema = jsonBodySchema(operation);
      const jsonParameters = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.description === JSON_QUERY_DESCRIPTION)
        .map((p) => p.name);
      return fc.record({
        path: pathValues(operation),
        query: hostileQuery(parametersOf(operation, 'query'), jsonParameters),
        body: hasBody(method, operation) ? hostileRequestBody(bodySchema) : fc.constant(null),
      });
    },
    RUNS,
  );
  expect(requests).toBeGreaterThan(100);
  expect(failures).toEqual([]);
  // RUNS hostile requests to every documented operation: tens of seconds at the default of 12,
  // minutes with a bigger FUZZ_RUNS.
}, 60_000 + RUNS * 10_000);

it('answers hostile JSON in every JSON query parameter (filters) without a server error', async () => {
  const targets = operations.filter(({ operation }) =>
    (operation.parameters ?? []).some((p) => p.in === 'query' && p.description === JSON_QUERY_DESCRIPTION),
  );
  expect(targets.map(({ path }) => path)).toEqual(expect.arrayContaining(['/api/products', '/api/categories', '/api/category-aliases']));
  const json = fc.oneof(hostileFilters, deeplyNested(['search', 'name'], 300), nestedHostile.map((value) => JSON.stringify(value) ?? ''));
  const { failures } = await attack(
    targets,
    (operation) => {
      const names = (operation.parameters ?? []).filter((p) => p.description === JSON_QUERY_DESCRIPTION).map((p) => p.name);
      return fc.record({
        path: pathValues(operation),
        query: fc.constantFrom(...names).chain((name) => json.map((value) => ({ [name]: value }))),
        body: fc.constant(null),
      });
    },
    RUNS * 4,
  );
  expect(failures).toEqual([]);
}, 60_000 + RUNS * 5_000);

it('answers multipart forms with hostile fields and file names to every upload without a server error', async () => {
  // A write that documents no JSON body takes a form (the image upload).
  const targets = operations.filter(({ method, operation }) => ['post', 'put'].includes(method) && !operation.requestBody);
  expect(targets.map(({ path }) => path)).toContain('/api/products/{id}/images');
  const { failures } = await attack(
    targets,
    (operation) =>
      fc.record({
        path: pathValues(operation, existingIds),
        query: fc.constant({}),
        body: hostileMultipart.map((form) => ({ kind: 'multipart' as const, form })),
      }),
    RUNS * 2,
  );
  expect(failures).toEqual([]);
}, 60_000 + RUNS * 5_000);

it('refuses a JSON body nested deeper than 32 levels with a 400 on every write, before reading it', async () => {
  const targets = operations.filter(({ method, operation }) => hasBody(method, operation) && jsonBodySchema(operation));
  const { failures, requests } = await attack(
    targets,
    (operation) =>
      fc.record({
        path: pathValues(operation, existingIds),
        query: fc.constant({}),
        body: fc
          .record({ text: deeplyNested(Object.keys(jsonBodySchema(operation)?.properties ?? {}), 100_000), wrap: fc.boolean() })
          // Straight in a field, or one object further down (where a loose schema would keep it).
          .map(({ text, wrap }) => ({ kind: 'json' as const, text: wrap ? text.replace(/^\{("[^"]*"):/, '{$1:{"a":') + '}' : text })),
      }),
    RUNS,
    (status) => status !== 400,
  );
  expect(requests).toBeGreaterThan(50);
  expect(failures).toEqual([]);
}, 60_000 + RUNS * 10_000);
