import fc from 'fast-check';

/*
 * Arbitraries of hostile request values for the fuzz test of every route: the numbers that overflow
 * database integers or are not whole, text that no column should hold (NUL and other control
 * characters, lone surrogates, megabytes), wrong types and shapes, and structures nested deeper
 * than any parser or database likes. Request bodies are generated from the route's own JSON schema
 * (the OpenAPI document), so most of them are well formed enough to reach the service with one
 * hostile value inside.
 */

/** The part of a JSON schema (OpenAPI 3.0 flavour) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** Numbers past every integer column and every "whole number" rule. */
const HOSTILE_NUMBERS: readonly number[] = [
  2 ** 31,
  2 ** 31 - 1,
  2 ** 31 + 1,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2.25,
  1e-7,
];

/** Texts that look like numbers to a lenient parser, in every way that should still be refused. */
const NUMBER_LIKE_TEXTS: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '1e3',
  '0x10',
  '0b11',
  '2147483648',
  '2147483647',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
  '-1',
  '-0',
  '0',
  '1.5',
  ' 7',
  '7 ',
  '+7',
  '7abc',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

/** Every C0 control character, DEL and the C1 range's NEL. */
const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f', '\u0085'];

/** Texts that break storage, display or parsing. */
const NASTY_TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  'name\u0000',
  ...CONTROL_CHARACTERS.map((character) => `x${character}y`),
  '\ud800',
  'x\udfffy',
  '\u2028\u2029',
  '\u202eevil',
  '\ufeffbom',
  '%00',
  '%',
  '../../etc/passwd',
  "'; drop table sites; --",
  '<script>alert(1)</script>',
  '${7*7}',
  '\\',
  '\\u0000',
  '𝕏'.repeat(300),
  'x'.repeat(201),
  'x'.repeat(4001),
  'y'.repeat(100_000),
  ' ',
  ';;;;',
];

/** A number that should never reach a column unchecked. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.maxSafeInteger(),
);

/** A text that should never reach a column unchecked. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXTS),
  fc.constantFrom(...NUMBER_LIKE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...CONTROL_CHARACTERS), minLength: 1, maxLength: 5 }).map((controls) => `a${controls}b`),
);

/** A value in a path or query string: number-like texts and texts that break storage. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NUMBER_LIKE_TEXTS),
  fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
  fc.constantFrom(...NASTY_TEXTS.filter((text) => text.length < 1000)),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Arrays nested `depth` deep around a value. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Any JSON value, mostly hostile: wrong types, wrong shapes, deep nesting, huge lists. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileNumber },
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': null }, { constructor: { prototype: { x: 1 } } }) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 3000 }).map((depth) => nested(depth, 1)) },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 200_000).map((length) => Array.from({ length }, (_, index) => index + 1)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileNumber, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 5 }) },
);

/** A hostile value, or one that fits the schema, at `weight` to 1 for the fitting one. */
function fitOrHostile<T>(fitting: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: fitting as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: hostileJson });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A number within the schema's bounds (kept to safe integers), or a hostile one. */
function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 100_000, Number.MAX_SAFE_INTEGER);
  const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 2, arbitrary: hostileNumber });
}

/**
 * Values for a JSON schema: shaped like it (so the request passes the outer checks) with hostile
 * values inside, and now and then a hostile value in its place.
 */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (options && options.length > 0) {
    shaped = fc.oneof(...options.map((option) => valueFor(option, depth + 1)));
  } else if (schema.allOf && schema.allOf.length > 0) {
    shaped = valueFor(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  } else if (schema.enum) {
    shaped = fc.constantFrom(...schema.enum);
  } else if (schema.const !== undefined) {
    shaped = fc.constant(schema.const);
  } else {
    const types = typesOf(schema);
    const type = types.find((candidate) => candidate !== 'null');
    if (type === 'object' && schema.properties && depth < 6) {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties)) model[key] = valueFor(property, depth + 1);
      shaped = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    } else if (type === 'array' && depth < 6) {
      shaped = fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 4 });
    } else if (type === 'string') {
      shaped = fc.oneof(fc.string({ maxLength: 12 }), hostileText);
    } else if (type === 'integer' || type === 'number') {
      shaped = numberFor(schema, type === 'integer');
    } else if (type === 'boolean') {
      shaped = fc.boolean();
    } else {
      shaped = hostileJson;
    }
    if (schema.nullable || types.includes('null')) shaped = fc.oneof(shaped, fc.constant(null));
  }
  return depth === 0 ? fitOrHostile(shaped) : fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson });
}

/** Raw request bodies no JSON encoder would write: broken JSON, NUL bytes, nesting past any stack. */
export const hostileRawBody: fc.Arbitrary<string> = fc.constantFrom(
  '{"a":',
  '\u0000',
  '{"siteName":"a\u0000b"}',
  '[1,2,',
  'NaN',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '"\\ud800"',
  '"\\u0000"',
  `"${'x'.repeat(500_000)}"`,
);

/** What a probe puts in a value's numbers and texts: the hostile one, or one that fits. */
export interface Probe {
  /** Every number, or undefined for a fitting one: `fittingNumber` kept within the schema's bounds. */
  number: number | undefined;
  /** Every text, or undefined for a fitting one. */
  text: string | undefined;
  fittingNumber: number;
  /** Fitting values of named fields where a generic one would not fit (a country code, a point in a covered country). */
  fittingByKey: Record<string, unknown>;
}

/** One value shaped like the schema, with the probe's number in every number and its text in every text. */
export function poisonedValue(schema: JsonSchema, probe: Probe, depth = 0, key = ''): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return poisonedValue(options[0]!, probe, depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return poisonedValue(Object.assign({}, ...schema.allOf) as JsonSchema, probe, depth + 1);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = typesOf(schema).find((candidate) => candidate !== 'null');
  if (type === 'object' && depth < 6) {
    const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => [name, poisonedValue(property, probe, depth + 1, name)]);
    const extra = schema.additionalProperties;
    if (entries.length === 0 && extra !== undefined && extra !== false) entries.push([probe.text ?? 'probe', poisonedValue(extra === true ? {} : extra, probe, depth + 1)]);
    return Object.fromEntries(entries);
  }
  if (type === 'array' && depth < 6) return [poisonedValue(schema.items ?? {}, probe, depth + 1)];
  if (type === 'integer' || type === 'number') {
    if (probe.number === undefined && key in probe.fittingByKey) return probe.fittingByKey[key];
    return probe.number ?? Math.min(Math.max(probe.fittingNumber, schema.minimum ?? -Infinity), schema.maximum ?? Infinity);
  }
  if (type === 'boolean') return true;
  if (probe.text === undefined && key in probe.fittingByKey) return probe.fittingByKey[key];
  return probe.text ?? 'probe';
}

/** Copies of a value with one of its texts at a time replaced by `text`: a probe per text field. */
export function withEachTextReplaced(value: unknown, text: string): unknown[] {
  if (typeof value === 'string') return [text];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => withEachTextReplaced(item, text).map((replaced) => value.map((other, at) => (at === index ? replaced : other))));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.flatMap(([key, item]) => withEachTextReplaced(item, text).map((replaced) => ({ ...Object.fromEntries(entries), [key]: replaced })));
  }
  return [];
}

/** One sentence for a person: capitalised, ending with a full stop, no validator jargon (how a refusal is worded). */
export function isPlainSentence(message: string): boolean {
  return /^[A-Z][^\n]*[.!?]$/.test(message) && !/expected|received|Invalid input|[<>]=|Too (big|small)/.test(message);
}
