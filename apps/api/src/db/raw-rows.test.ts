import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/databases';
import { queryArrays } from './raw-rows';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** Values at the edges of every type a whole-list read turns into one text per row. */
const ODD_VALUES = sql`select * from (values
  (1, 3::int2, 0.1::float8, 'plain'::text, 'v'::varchar, '{}'::text[], '{}'::int4[], null::jsonb, true, 1.5::float4),
  (-7, null, -73.98765, '', '', '{"a,b","","x\\"y",NULL}', '{1,2}', '{"a":1,"b":[1,"x"]}', false, null),
  (2147483647, -32768, 1e300, null, null, '{"Zürich 🏪","tab\tnew\nline"}', '{1,NULL}', '[1,"x"]', null, -0.25),
  (0, 0, 1.7976931348623157e308, 'Zürich 🏪 tab	and
line', 'back\\slash', null, null, 'null', true, 'NaN'),
  (-1, 1, 5e-324, 'a' || chr(30) || 'b', '{x}', '{NULL}', '{}', '"text"', false, 'Infinity'),
  (null, null, -0::float8, '-0', '0', '{}', '{}', '[]', true, 3.4028235e38),
  (2, 2, 'NaN', 'NaN', 'null', '{}', '{}', '{}', true, 1),
  (3, 3, 'Infinity', '1e5', '', '{}', '{}', '{}', true, 1),
  (4, 4, '-Infinity', ' 12 ', '', '{}', '{}', '{}', true, 1),
  (5, 5, 1732472934123.456, '[]', '', '{}', '{}', '{}', true, 1),
  (6, 6, 123456789.12345678, '', '', '{}', '{}', '{}', true, 1),
  (7, 7, 0.000001234, '', '', '{}', '{}', '{}', true, 1),
  (8, 8, 9007199254740993, '', '', '{}', '{}', '{}', true, 1),
  (9, 9, -1e-7, '', '', '{}', '{}', '{}', true, 1),
  (10, 10, null, '', '', '{}', '{}', '{}', true, 1)
) as odd(i4, i2, f8, t, v, ta, ia, j, b, f4) order by i4 nulls first, f8`;

describe.each(await testDatabaseKinds())('whole-list reads (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answers exactly the values a plain read answers, nulls, empty texts, negative zero and special numbers included', async () => {
    const plain = await queryArrays(database, ODD_VALUES);
    const many = await queryArrays(database, ODD_VALUES, 'many');
    expect(plain).toHaveLength(15);
    expect(many).toStrictEqual(plain);
    // toStrictEqual tells -0 from 0 only through Object.is on the numbers themselves.
    const negativeZero = many.find((row) => row[3] === '-0')!;
    expect(Object.is(negativeZero[2], -0)).toBe(true);
  });

  it('reads a text holding the field separator, and columns of other types, as a plain read does', async () => {
    const query = sql`select 1 as id, 'left' || chr(31) || 'right' as t, 12345678901::int8 as big, 1.25::numeric as n`;
    const rows = await queryArrays(database, query, 'many');
    expect(rows).toStrictEqual(await queryArrays(database, query));
    expect(rows[0]![1]).toBe('left\x1fright');
  });

  it('reads arrays, repeated ones included, as a plain read does: quoted, NULL, brace and dimension forms', async () => {
    const query = sql`select * from (values
      (1, '{north,retail}'::text[], '{1,2}'::int4[], '{1}'::int2[]),
      (2, '{north,retail}', '{1,2}', '{1}'),
      (3, '{NULL,"NULL",NULLABLE}', '{NULL,3}', '{}'),
      (4, '{"a}b","c{d",e}', '[0:1]={4,5}', '{-32768,32767}'),
      (5, '{"x,y","back\\slash"," spaced "}', '{{1,2},{3,4}}', null),
      (6, '{}', '{}', '{}'),
      (7, '{north,retail}', '{1,2}', '{1}')
    ) as arrays(id, ta, ia, sa) order by id`;
    const many = await queryArrays(database, query, 'many');
    expect(many).toStrictEqual(await queryArrays(database, query));
    expect(many[2]![1]).toStrictEqual([null, 'NULL', 'NULLABLE']);
    expect(many[6]![1]).toStrictEqual(['north', 'retail']);
  });

  it('reads thousands of rows of repeated and distinct texts as a plain read does', async () => {
    const query = sql`select n, 'Site ' || n, case when n % 3 = 0 then null else 'City ' || (n % 7) end, ('{t' || (n % 5) || '}')::text[]
      from generate_series(1, 5000) as n order by n`;
    const many = await queryArrays(database, query, 'many');
    expect(many).toHaveLength(5000);
    expect(many).toStrictEqual(await queryArrays(database, query));
  });
});
