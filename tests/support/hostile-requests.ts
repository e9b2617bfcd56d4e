/**
 * Hostile requests made from the app's own OpenAPI document (tests/api/security-fuzz.test.ts):
 * every operation, its path and query parameters and its JSON body, filled with values an
 * attacker would send. Seeded: the same seed gives the same requests.
 */

/** mulberry32: a small, fast, seedable PRNG (the same seed gives the same sequence). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** The part of an OpenAPI 3.1 schema this generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Operation {
  method: string;
  /** As the document writes it, `{id}` placeholders included, without the `/api/v1` prefix. */
  path: string;
  parameters: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema: JsonSchema }[];
  /** The request body's media types and schemas, when the operation documents one. */
  body: Record<string, JsonSchema> | null;
  needsToken: boolean;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(doc: {
  paths: Record<string, Record<string, { parameters?: unknown[]; requestBody?: unknown; security?: unknown[] }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const requestBody = op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []) as Operation['parameters'],
        body: requestBody
          ? Object.fromEntries(Object.entries(requestBody.content).map(([type, media]) => [type, media.schema]))
          : null,
        needsToken: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return operations;
}

const LONE_HIGH_SURROGATE = '\ud800';
const LONE_LOW_SURROGATE = '\udfff';

/** Strings an attacker types: control characters, broken UTF-16, bidi tricks, markup, paths, SQL. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  `x${LONE_HIGH_SURROGATE}y`,
  `${LONE_LOW_SURROGATE}`,
  `${LONE_LOW_SURROGATE}${LONE_HIGH_SURROGATE}`,
  'abc\u202Etxt.exe',
  '\u202D\u2066\u2067\u2068\u2069\u200F',
  '\uFEFF\u200B\u200D',
  'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301',
  '\u001B[31mred\u001B[0m',
  'dòng\r\ndòng\rdòng\n',
  '\t\v\f',
  '\u2028\u2029',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%00%2e%2e%2f',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  '{"__proto__":{"polluted":true}}',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x7fffffff',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'true',
  'null',
  'undefined',
  '🙏'.repeat(300),
  'Phật'.normalize('NFD'),
  '\uFFFF\uFFFE',
  '\uDBFF\uDFFF',
  'a'.repeat(10_001),
  'ư'.repeat(70_000),
];

/** Any JSON value of the wrong kind. */
const WRONG_KINDS: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  [null],
  {},
  { length: 1e9 },
  ['a', 1, null, {}],
];

/** A string that is several copies of 1 MB: over every JSON body limit. */
const HUGE = 'x'.repeat(1_100_000);

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` times, as text (JSON.stringify would recurse). */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/**
 * Objects that try to pollute prototypes once parsed and spread. Made with JSON.parse: in an object
 * literal `__proto__` would set the prototype instead of becoming a key that JSON.stringify sends.
 */
export function prototypeKeys(random: Random): Record<string, unknown> {
  const value = random.pick(['{"polluted":true,"role":"admin","isAdmin":true}', '"admin"', '1', 'null']);
  return JSON.parse(
    random.pick([
      `{"__proto__":${value}}`,
      '{"constructor":{"prototype":{"polluted":true}}}',
      `{"prototype":${value}}`,
      '{"hasOwnProperty":"x","toString":"x","valueOf":1}',
      '{"role":"admin","userId":1,"id":1,"ownerId":1,"status":"published"}',
    ]),
  ) as Record<string, unknown>;
}

export function hostileValue(random: Random): unknown {
  const roll = random.next();
  if (roll < 0.6) return random.pick(HOSTILE_STRINGS);
  if (roll < 0.9) return random.pick(WRONG_KINDS);
  if (roll < 0.97) return prototypeKeys(random);
  return random.pick([HUGE.slice(0, 200_000), [HUGE.slice(0, 300_000)]]);
}

/** Realistic values for the fields the generator recognises by name, so hostile ones reach deeper. */
export interface Realistic {
  ids: number[];
  codes: string[];
}

/** A value the schema accepts, as far as this small generator can tell. */
export function validValue(schema: JsonSchema, random: Random, realistic: Realistic, name = ''): unknown {
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return validValue(random.pick(choices), random, realistic, name);
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type ?? 'string'];
  const type = random.pick(types.length > 0 ? types : ['null']);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
    case 'number': {
      if (/id$/i.test(name) && realistic.ids.length > 0) return random.pick(realistic.ids);
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      return type === 'integer' ? random.int(Math.ceil(min), Math.floor(max)) : min + random.next() * (max - min);
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, random.int(0, 3));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, random, realistic, name));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.6)) out[key] = validValue(child, random, realistic, key);
      }
      return out;
    }
    default:
      return validString(schema, random, realistic, name);
  }
}

function validString(schema: JsonSchema, random: Random, realistic: Realistic, name: string): string {
  if (schema.pattern === '^p-\\d{1,5}$') return `p-${random.int(1, 20)}`;
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return '2024-05-01';
  if (schema.format === 'email' || /email/i.test(name)) return `ban.doc.${random.int(1, 1e6)}@example.org`;
  if (schema.format === 'uri' || /url/i.test(name)) return `https://example.org/${random.int(1, 99)}`;
  if (/code|slug/i.test(name) && realistic.codes.length > 0) return random.pick(realistic.codes);
  if (/password/i.test(name)) return 'mat-khau-thu';
  const words = ['Bát Nhã', 'tâm', 'Kinh Pháp Hoa', 'phat giao', 'hoà bình', 'Như thị ngã văn'];
  const text = random.pick(words);
  return text.slice(0, Math.max(schema.maxLength ?? 200, 1)).padEnd(schema.minLength ?? 0, 'a');
}

/** Replaces one leaf of `value` (chosen at random) with a hostile value; returns the new value. */
export function mutateOneLeaf(value: unknown, random: Random): unknown {
  if (value === null || typeof value !== 'object') return hostileValue(random);
  if (Array.isArray(value)) {
    if (value.length === 0) return [hostileValue(random)];
    const copy = [...value];
    const i = random.int(0, copy.length - 1);
    copy[i] = mutateOneLeaf(copy[i], random);
    return copy;
  }
  const keys = Object.keys(value);
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (keys.length === 0 || random.chance(0.15)) {
    copy[random.pick(['__proto__', 'constructor', 'prototype', 'extra', 'userId', 'role'])] = hostileValue(random);
    return copy;
  }
  const key = random.pick(keys);
  if (random.chance(0.1)) delete copy[key];
  else copy[key] = mutateOneLeaf(copy[key], random);
  return copy;
}

/** A percent-encoded path segment or query value that is hostile (some not even valid UTF-8). */
export function hostileUrlPart(random: Random, realistic: Realistic): string {
  const raw = random.pick([
    '%ED%A0%80', // a surrogate half encoded in UTF-8: not valid UTF-8
    '%C0%AF', // overlong "/"
    '%FF%FE',
    '%E2%80%AE',
    '%',
    '%zz',
    '%2e%2e',
    '..',
    '%2F',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '2147483648',
    '99999999999999999999999',
    '%20',
    '+',
    '__proto__',
    'constructor',
    String(random.pick(realistic.ids.length > 0 ? realistic.ids : [1])),
  ]);
  if (random.chance(0.5)) return raw;
  return encodeLoosely(String(random.pick(HOSTILE_STRINGS)).slice(0, 3000));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** encodeURIComponent, but a lone surrogate (which it refuses) goes out as its raw, invalid UTF-8 bytes. */
export function encodeLoosely(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

export interface HostileRequest {
  method: string;
  /** Relative to /api/v1, with the query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | Blob;
  /** What kind of attack it is, for the printed figures. */
  kind: string;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/octet-stream',
  'image/svg+xml',
  'application/json, text/plain',
  '',
];

/** A body of the wrong shape for the media type it claims. */
function wrongBody(random: Random): { body: string | Blob; kind: string } {
  return random.pick<() => { body: string | Blob; kind: string }>([
    () => ({ body: '{"a":', kind: 'malformed-json' }),
    () => ({ body: '{"a":1,}', kind: 'malformed-json' }),
    () => ({ body: "{'a':1}", kind: 'malformed-json' }),
    () => ({ body: '\uFEFF{}', kind: 'malformed-json' }),
    () => ({ body: '', kind: 'empty-body' }),
    () => ({ body: 'null', kind: 'wrong-kind' }),
    () => ({ body: '[]', kind: 'wrong-kind' }),
    () => ({ body: '"a"', kind: 'wrong-kind' }),
    () => ({ body: '1e999', kind: 'wrong-kind' }),
    () => ({ body: deeplyNested(random.pick([1_000, 20_000, 200_000]), 'array'), kind: 'deep-nesting' }),
    () => ({ body: deeplyNested(random.pick([1_000, 20_000, 100_000]), 'object'), kind: 'deep-nesting' }),
    () => ({ body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', kind: 'prototype-keys' }),
    () => ({ body: `{"a":"${HUGE}"}`, kind: 'huge' }),
    () => ({ body: '{"a":"\\ud800","b":"\\udfff\\ud800"}', kind: 'lone-surrogate' }),
    () => ({ body: '{"a":"\\u0000"}', kind: 'nul' }),
    () => ({
      body: new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0xc0, 0xaf, 0xed, 0xa0, 0x80])]),
      kind: 'invalid-utf8',
    }),
    () => ({
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="../../a\u0000.mp3"\r\n\r\nabc\r\n--xyz--\r\n',
      kind: 'multipart',
    }),
    () => ({ body: '--xyz\r\nContent-Disposition: form-data; name=', kind: 'multipart' }),
  ])();
}

/** One hostile request for `op`. */
export function hostileRequest(op: Operation, random: Random, realistic: Realistic): HostileRequest {
  const mutatePath = random.chance(0.3);
  const mutateQuery = random.chance(0.4);
  let kind = 'body-field';
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (mutatePath) return hostileUrlPart(random, realistic);
    const schema = op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? {};
    return encodeLoosely(String(validValue(schema, random, realistic, name)));
  });
  const query: string[] = [];
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    if (!random.chance(0.6)) continue;
    const value =
      mutateQuery && random.chance(0.5)
        ? hostileUrlPart(random, realistic)
        : encodeLoosely(String(validValue(parameter.schema, random, realistic, parameter.name)));
    query.push(`${parameter.name}=${value}`);
    if (random.chance(0.1)) query.push(`${parameter.name}=${hostileUrlPart(random, realistic)}`); // repeated key
  }
  if (mutateQuery && random.chance(0.3)) query.push(`__proto__[polluted]=1&constructor[prototype][x]=1`);
  if (mutatePath) kind = 'path';
  else if (mutateQuery) kind = 'query';
  const url = `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const headers: Record<string, string> = {};

  const jsonSchema = op.body?.['application/json'];
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  if (!hasBody) return { method: op.method, url, headers, kind };

  const roll = random.next();
  if (jsonSchema && roll < 0.55) {
    // A body of the documented shape with one or a few fields hostile.
    let value = validValue(jsonSchema, random, realistic);
    for (let i = random.int(1, 3); i > 0; i--) value = mutateOneLeaf(value, random);
    headers['content-type'] = 'application/json';
    return {
      method: op.method,
      url,
      headers,
      body: JSON.stringify(value),
      kind: mutatePath || mutateQuery ? kind : 'body-field',
    };
  }
  if (roll < 0.85) {
    const { body, kind: bodyKind } = wrongBody(random);
    headers['content-type'] = random.chance(0.7) ? 'application/json' : random.pick(CONTENT_TYPES);
    if (headers['content-type'] === '') delete headers['content-type'];
    return { method: op.method, url, headers, body, kind: bodyKind };
  }
  // A body of the documented shape sent under the wrong media type (or a valid one under none).
  const value = jsonSchema ? validValue(jsonSchema, random, realistic) : { file: 'x' };
  const type = random.pick(CONTENT_TYPES);
  if (type !== '') headers['content-type'] = type;
  return { method: op.method, url, headers, body: JSON.stringify(value), kind: 'content-type' };
}

/** Letters with the marks only Vietnamese writes: an `errorMessage` in Vietnamese has some. */
export const VIETNAMESE_LETTER = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
