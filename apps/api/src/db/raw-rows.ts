import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseHandle } from './client';

const dialect = new PgDialect();

/** How many rows a read expects: 'many' lets the read fetch each row as one text value (see queryArrays). */
export type ExpectedRows = 'few' | 'many';

/**
 * Result types whose separated text form (separatedRowsQuery) reads back to exactly what the
 * drivers answer for them: bool, int2, int4, float4, float8, text, varchar, int2[], int4[],
 * text[], json, jsonb. int8 and numeric are not here (the drivers answer strings).
 */
const TEXT_SAFE_TYPES = new Set([16, 21, 23, 700, 701, 25, 1043, 1005, 1007, 1009, 114, 3802]);
const NUMBER_TYPES = new Set([21, 23, 700, 701]);
const STRING_TYPES = new Set([25, 1043]);
const ARRAY_TYPES = new Set([1005, 1007, 1009]);

/**
 * Runs a query written with drizzle's `sql` and answers its rows as arrays, in column order,
 * straight from the driver: no object per row and no ORM mapping. For the site list's 100,000
 * rows that mapping costs more than the encoding that follows it. Both drivers parse the column
 * types alike for what this module selects (int2/int4/float8 as numbers, text and text[]/int[] as
 * strings and arrays, jsonb as values); timestamps are selected as epoch milliseconds (float8).
 *
 * With `expected: 'many'` on embedded PGlite each row comes back as ONE text value — its columns'
 * text forms joined by a separator (separatedRowsQuery) — split and converted here: PGlite's
 * JavaScript protocol reader costs about 2 µs a value, so 100,000 rows of 27 columns took ~5 s as
 * values and well under half that as texts. (A json_build_array text per row, used before, was
 * slower and turned NaN and Infinity into strings.) docs/PERFORMANCE.md has the figures.
 * Queries with a type outside TEXT_SAFE_TYPES read plainly. On a PostgreSQL server `'many'` reads
 * values, with the quicker parsers of LIST_TYPES.
 */
export async function queryArrays(database: DatabaseHandle, query: SQL, expected: ExpectedRows = 'few'): Promise<unknown[][]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const run = arrayReader(database);
  if (expected === 'few') return run(text, params);
  // On a PostgreSQL server the separated form is no quicker: it halves this process's CPU for the
  // read but costs the server more than that saves in wall time (docs/PERFORMANCE.md), and the
  // server is the part that does not scale out. The values are read as they are, parsed quicker.
  if (database.kind !== 'pglite') return run(text, params, LIST_TYPES);
  const types = await pgliteColumnTypes(pgliteOf(database), text);
  const separated = separatedRowsQuery(types, text);
  if (separated) {
    const rows = readSeparatedRows((await run(separated.text, params)) as [string][], separated.columns);
    if (rows) return rows;
  }
  return run(text, params);
}

/** Runs a statement on the handle's driver, rows as arrays; `types` (node-postgres only) chooses the value parsers. */
function arrayReader(database: DatabaseHandle): (text: string, params: unknown[], types?: pg.CustomTypesConfig) => Promise<unknown[][]> {
  if (database.kind === 'pglite') {
    const client = pgliteOf(database);
    return async (text, params) => (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return async (text, params, types) => (await pool.query<unknown[]>({ text, values: params, rowMode: 'array', types })).rows;
}

/**
 * node-postgres's value parsers for whole lists, with quicker ones for the arrays a site row holds
 * (tags as text[], classification ids as int[]). The general array parser reads one character at a
 * time into an array of characters and joins them; for 100,000 rows that was about a tenth of the
 * read (docs/PERFORMANCE.md). PostgreSQL writes an array element plainly unless it needs quoting
 * (empty, spaces, commas, braces, quotes, backslashes, the text NULL), so an array text without a
 * quote, backslash, brace inside or NULL is its elements between commas; any other goes to the
 * general parser. Both give the same values.
 *
 * A list's rows mostly repeat a few arrays (no tags, the same tags): within one read, equal array
 * texts answer one shared array, frozen so that no reader can change it under another row. That
 * saves an array and its element strings per row — the read is bound by the garbage collector.
 * Text columns that repeat (city, state, county, geocode type) answer one string per distinct
 * value for the same reason: the copies die young instead of being carried into the old
 * generation with the rows (sharedTexts).
 */
const LIST_TYPES: pg.CustomTypesConfig = {
  // Called once per column of each query: every read gets its own arrays.
  getTypeParser: ((oid: number, format?: string) => {
    if (format !== 'binary') {
      if (oid === TEXT_ARRAY) return sharedArrays(parseTextArray);
      if (oid === INT2_ARRAY || oid === INT4_ARRAY) return sharedArrays(parseIntArray);
      if (oid === TEXT || oid === VARCHAR) return sharedTexts();
    }
    return pg.types.getTypeParser(oid as PgTypeId, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
const TEXT = 25;
const VARCHAR = 1043;
const TEXT_ARRAY = 1009;
const INT2_ARRAY = 1005;
const INT4_ARRAY = 1007;
type PgTypeId = Parameters<typeof pg.types.getTypeParser>[0];
/** node-postgres's own parsers (array type ids are not in its TypeId list, hence the cast). */
const generalParser = (oid: number) => pg.types.getTypeParser(oid as PgTypeId, 'text') as (value: string) => unknown[];
const parseTextArrayGenerally = generalParser(TEXT_ARRAY);
const parseIntArrayGenerally = generalParser(INT4_ARRAY);
/** Distinct array texts one read shares at most: a list of all-different arrays stops sharing there. */
const MAX_SHARED_ARRAYS = 10_000;

/** `parse` answering one frozen array per distinct text (see LIST_TYPES). */
function sharedArrays(parse: (value: string) => unknown[]): (value: string) => readonly unknown[] {
  const seen = new Map<string, readonly unknown[]>();
  return (value) => {
    let array = seen.get(value);
    if (array === undefined) {
      array = Object.freeze(parse(value));
      if (seen.size < MAX_SHARED_ARRAYS) seen.set(value, array);
    }
    return array;
  };
}

/** Values a text column is watched for before it is judged repetitive or not (sharedTexts). */
const SHARED_TEXTS_TRIAL = 2_000;

/**
 * A text column's parser answering one string per distinct value while the column repeats itself:
 * after SHARED_TEXTS_TRIAL values, a column of mostly distinct values (names, streets) stops
 * looking values up and answers them as they come.
 */
function sharedTexts(): (value: string) => string {
  let seen: Map<string, string> | null = new Map();
  let count = 0;
  return (value) => {
    if (seen === null) return value;
    count += 1;
    // Judged once: more than half of the first values distinct means a column of distinct values.
    if (count === SHARED_TEXTS_TRIAL && seen.size > SHARED_TEXTS_TRIAL / 2) seen = null;
    const known = seen?.get(value);
    if (known !== undefined) return known;
    if (seen && seen.size < MAX_SHARED_ARRAYS) seen.set(value, value);
    return value;
  };
}

/** Whether an array text is one dimension of plain elements (see LIST_TYPES). */
function isPlainArray(value: string): boolean {
  return value.charCodeAt(0) === CHAR_OPEN_BRACE && value.indexOf('{', 1) < 0 && value.indexOf('"') < 0 && value.indexOf('\\') < 0 && value.indexOf('NULL') < 0;
}

/** A text[] value as node-postgres reads it. */
function parseTextArray(value: string): unknown[] {
  if (!isPlainArray(value)) return parseTextArrayGenerally(value);
  return value.length === 2 ? [] : value.slice(1, -1).split(',');
}

/** An int2[] or int4[] value as node-postgres reads it (parseInt of each element). */
function parseIntArray(value: string): unknown[] {
  if (!isPlainArray(value)) return parseIntArrayGenerally(value);
  if (value.length === 2) return [];
  const parts = value.slice(1, -1).split(',');
  const numbers: number[] = new Array(parts.length);
  for (let index = 0; index < parts.length; index += 1) numbers[index] = parseInt(parts[index]!, 10);
  return numbers;
}

const pgliteOf = (database: DatabaseHandle): PGlite => database.pglite ?? (database.db as unknown as { $client: PGlite }).$client;

/** The result column type ids of a query on PGlite. */
async function pgliteColumnTypes(client: PGlite, text: string): Promise<number[]> {
  const { resultFields } = await client.describeQuery(text);
  return resultFields.map((field) => field.dataTypeID);
}

/** How a column of a separated row is read back (see separatedRowsQuery). */
const ColumnForm = { number: 0, string: 1, json: 2, bool: 3 } as const;
type ColumnForm = (typeof ColumnForm)[keyof typeof ColumnForm];

/**
 * Separates the fields of a row: a control character, which request validation refuses in every
 * text field. Should one still occur in a value, its row splits into too many fields, and the
 * read is made again plainly (readSeparatedRows).
 */
const FIELD_SEPARATOR = '\x1f';
/** Text columns whose nulls one row's null mask can mark (the bits of a 31-bit integer). */
const MAX_STRING_COLUMNS = 30;

/**
 * The query wrapped to answer one text per row: a mask of the text columns that are null, then
 * every column's text form, joined by FIELD_SEPARATOR. A null number, array or JSON value is an
 * empty field (their text is never empty); a null text is an empty field with its bit set in the
 * mask; arrays come as JSON, whose strings escape every control character. Null when a column's
 * type would read differently.
 */
function separatedRowsQuery(types: readonly number[], text: string): { text: string; columns: ColumnForm[] } | null {
  if (types.length === 0 || !types.every((type) => TEXT_SAFE_TYPES.has(type))) return null;
  // The derived table's column list renames every column, so duplicate or missing names do not matter.
  const names = types.map((_, index) => `c${index}`);
  const columns: ColumnForm[] = [];
  const nullBits: string[] = [];
  const fields = types.map((type, index) => {
    const name = names[index]!;
    if (NUMBER_TYPES.has(type)) {
      columns.push(ColumnForm.number);
      return `coalesce(${name}::text, '')`;
    }
    if (STRING_TYPES.has(type)) {
      columns.push(ColumnForm.string);
      nullBits.push(`case when ${name} is null then ${2 ** nullBits.length} else 0 end`);
      return `coalesce(${name}::text, '')`;
    }
    if (type === 16) {
      columns.push(ColumnForm.bool);
      return `coalesce(${name}::text, '')`;
    }
    columns.push(ColumnForm.json);
    return ARRAY_TYPES.has(type) ? `coalesce(to_json(${name})::text, '')` : `coalesce(${name}::text, '')`;
  });
  if (nullBits.length > MAX_STRING_COLUMNS) return null;
  const mask = nullBits.length === 0 ? `'0'` : `(${nullBits.join(' + ')})::text`;
  return {
    text: `select concat_ws(E'\\x1f', ${mask}, ${fields.join(', ')}) from (${text}) as listed(${names.join(', ')})`,
    columns,
  };
}

/** The rows of a separatedRowsQuery as the driver would have answered them, or null when a value held the separator. */
function readSeparatedRows(texts: readonly [string][], columns: readonly ColumnForm[]): unknown[][] | null {
  const rows: unknown[][] = new Array(texts.length);
  for (let index = 0; index < texts.length; index += 1) {
    const row = readSeparatedRow(texts[index]![0], columns);
    if (!row) return null;
    rows[index] = row;
  }
  return rows;
}

/**
 * One row of a separatedRowsQuery, or null when it does not split into its columns. Fields are
 * found by scanning rather than split(): numbers are read in place, so a row allocates its values
 * and nothing else (the read is bound by the garbage collector).
 */
function readSeparatedRow(text: string, columns: readonly ColumnForm[]): unknown[] | null {
  let end = text.indexOf(FIELD_SEPARATOR);
  if (end < 0) return null;
  const nulls = numberAt(text, 0, end);
  // Sized once: pushing would regrow the array several times a row.
  const row: unknown[] = new Array(columns.length);
  let bit = 1;
  const last = columns.length - 1;
  for (let column = 0; column <= last; column += 1) {
    const from = end + 1;
    end = text.indexOf(FIELD_SEPARATOR, from);
    // The last field runs to the end of the text; any other must end at a separator.
    if (column === last ? end >= 0 : end < 0) return null;
    if (end < 0) end = text.length;
    switch (columns[column]) {
      case ColumnForm.number:
        row[column] = from === end ? null : numberAt(text, from, end);
        break;
      case ColumnForm.string:
        row[column] = nulls & bit ? null : text.slice(from, end);
        bit *= 2;
        break;
      case ColumnForm.bool:
        row[column] = from === end ? null : text.charCodeAt(from) === CHAR_T;
        break;
      default:
        row[column] = from === end ? null : end - from === 2 && text.charCodeAt(from) === CHAR_OPEN_BRACKET ? [] : JSON.parse(text.slice(from, end));
    }
  }
  return row;
}

const CHAR_T = 't'.charCodeAt(0);
const CHAR_OPEN_BRACE = '{'.charCodeAt(0);
const CHAR_OPEN_BRACKET = '['.charCodeAt(0);
const CHAR_MINUS = '-'.charCodeAt(0);
const CHAR_DOT = '.'.charCodeAt(0);
const CHAR_0 = '0'.charCodeAt(0);
/** Exact powers of ten: a double holds 10^0 … 10^22 exactly. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
/** Significant digits whose integer a double always holds exactly (below 2^53). */
const EXACT_DIGITS = 15;

/**
 * The number PostgreSQL wrote in text[from, end), as Number() would read it, without making the
 * substring. Plain decimals of up to 15 digits are an exact integer divided by an exact power of
 * ten — one correctly rounded division, so the same double. Anything else (exponents, NaN,
 * Infinity, more digits) goes through Number().
 */
function numberAt(text: string, from: number, end: number): number {
  let index = from;
  const negative = text.charCodeAt(index) === CHAR_MINUS;
  if (negative) index += 1;
  let digits = 0;
  let mantissa = 0;
  let decimals = -1;
  for (; index < end; index += 1) {
    const code = text.charCodeAt(index);
    const digit = code - CHAR_0;
    if (digit >= 0 && digit <= 9) {
      mantissa = mantissa * 10 + digit;
      digits += 1;
      if (decimals >= 0) decimals += 1;
    } else if (code === CHAR_DOT && decimals < 0) {
      decimals = 0;
    } else {
      return Number(text.slice(from, end));
    }
  }
  if (digits === 0 || digits > EXACT_DIGITS) return Number(text.slice(from, end));
  const value = decimals > 0 ? mantissa / POWERS_OF_TEN[decimals]! : mantissa;
  return negative ? -value : value;
}
