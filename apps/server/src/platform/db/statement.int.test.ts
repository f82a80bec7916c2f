import { and, eq, inArray, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { InsertStatements, shaped, statement, type Placeholders } from './statement';

const probes = pgTable('statement_probes', {
  id: text().primaryKey(),
  n: integer().notNull(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  data: jsonb().$type<{ tags: string[] } | null>(),
  note: text(),
});

type ProbeValues = { id: string; n: number; at: Date; data: { tags: string[] } | null };

let builds = 0;
const insertProbe = statement((q, p: Placeholders<ProbeValues & { note: string | null }>) => {
  builds += 1;
  return q
    .insert(probes)
    .values({ id: p('id'), n: p('n'), at: p('at'), data: p('data'), note: p('note') })
    .returning();
}, probes);

const probeFields = { id: probes.id, at: probes.at, twice: sql<number>`${probes.n} * 2` };
const probeById = statement(
  (q, p: Placeholders<{ id: string }>) =>
    q
      .select(probeFields)
      .from(probes)
      .where(eq(probes.id, p('id'))),
  probeFields,
);

const bump = statement((q, p: Placeholders<{ id: string; by: number }>) =>
  q
    .update(probes)
    .set({ n: sql`${probes.n} + ${p('by')}` })
    .where(eq(probes.id, p('id'))),
);

const newProbes = new InsertStatements(
  (q, rows: (typeof probes.$inferInsert)[]) =>
    q.insert(probes).values(rows).onConflictDoNothing().returning({ id: probes.id }),
  { id: probes.id },
);

const probesOver = shaped((n: number) =>
  statement(
    (q, p: Placeholders<Record<string, unknown>>) =>
      q
        .select(probeFields)
        .from(probes)
        .where(
          and(
            sql`${probes.n} > ${p('over')}`,
            inArray(
              probes.id,
              Array.from({ length: n }, (_, i) => p(`id${i}`)),
            ),
          ),
        )
        .orderBy(probes.id),
    probeFields,
  ),
);

describe('a statement built once and run with values', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.db.execute(sql`
      CREATE TABLE statement_probes (
        id text PRIMARY KEY, n integer NOT NULL, at timestamptz NOT NULL, data jsonb, note text
      )`);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('inserts with each call’s values and answers the rows decoded as the builder decodes them', async () => {
    const { db } = testDb.database;
    const at = new Date('2026-11-28T10:15:30.123Z');
    const [first] = await insertProbe.rows(db, {
      id: 'one',
      n: 1,
      at,
      data: { tags: ['denim'] },
      note: null,
    });
    const [second] = await insertProbe.rows(db, {
      id: 'two',
      n: 2,
      at,
      data: null,
      note: 'second',
    });
    expect(first).toEqual({ id: 'one', n: 1, at, data: { tags: ['denim'] }, note: null });
    expect(second).toEqual({ id: 'two', n: 2, at, data: null, note: 'second' });
    expect(first!.at).toBeInstanceOf(Date);
    expect(builds).toBe(1);
    // A null value is SQL NULL, not the JSON null an encoder would write.
    const nulls = await db.execute(sql`SELECT id FROM statement_probes WHERE data IS NULL`);
    expect((nulls as unknown as { rows: { id: string }[] }).rows).toEqual([{ id: 'two' }]);
  });

  it('reads a selection with an expression, and answers nothing for a row that is not there', async () => {
    const { db } = testDb.database;
    expect(await probeById.rows(db, { id: 'two' })).toEqual([
      { id: 'two', at: new Date('2026-11-28T10:15:30.123Z'), twice: 4 },
    ]);
    expect(await probeById.rows(db, { id: 'nobody' })).toEqual([]);
  });

  it('runs in the caller’s transaction, and answers how many rows it wrote', async () => {
    const { db } = testDb.database;
    await db
      .transaction(async (tx) => {
        expect(await bump.run(tx, { id: 'one', by: 10 })).toBe(1);
        expect(await bump.run(tx, { id: 'nobody', by: 10 })).toBe(0);
        const [inside] = await probeById.rows(tx, { id: 'one' });
        expect(inside?.twice).toBe(22);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    const [after] = await probeById.rows(db, { id: 'one' });
    expect(after?.twice).toBe(2);
  });

  it('refuses a statement whose text would hold a value of its own', async () => {
    const constant = statement((q, p: Placeholders<{ id: string }>) =>
      q
        .update(probes)
        .set({ note: 'fixed' })
        .where(and(eq(probes.id, p('id')))),
    );
    await expect(constant.run(testDb.database.db, { id: 'one' })).rejects.toThrow(
      /must take every value from its call/,
    );
  });

  it('refuses SQL given as a value', async () => {
    await expect(
      bump.run(testDb.database.db, { id: 'one', by: sql`1` as unknown as number }),
    ).rejects.toThrow('The statement’s "by" is a value, not SQL');
  });

  it('refuses a call without one of its values', async () => {
    await expect(
      bump.run(testDb.database.db, { id: 'one' } as unknown as { id: string; by: number }),
    ).rejects.toThrow('No value for the statement’s "by".');
  });

  it('inserts rows of one shape by a statement built for that shape, and others through the builder', async () => {
    const { db } = testDb.database;
    const at = new Date('2026-11-28T11:00:00.000Z');
    const row = (id: string, n: number) => ({ id, n, at });
    // Two rows without data or note: those columns take their default (NULL), not a value.
    expect(await newProbes.rows(db, [row('three', 3), row('four', 4)])).toEqual([
      { id: 'three' },
      { id: 'four' },
    ]);
    // A conflict on the key is skipped, as the builder's onConflictDoNothing does.
    expect(await newProbes.rows(db, [row('three', 30), row('five', 5)])).toEqual([{ id: 'five' }]);
    // Rows that give different columns still go in, each with its own.
    expect(await newProbes.run(db, [row('six', 6), { ...row('seven', 7), note: 'seventh' }])).toBe(
      2,
    );
    expect(await newProbes.rows(db, [])).toEqual([]);
    // An expression for a column is built into the text, as the builder does.
    expect(
      await newProbes.run(db, [
        { ...row('eight', 8), note: sql`upper('eighth')` as unknown as string },
      ]),
    ).toBe(1);
    const written = await db.execute(
      sql`SELECT id, n, note FROM statement_probes WHERE n >= 3 ORDER BY n`,
    );
    expect((written as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 'three', n: 3, note: null },
      { id: 'four', n: 4, note: null },
      { id: 'five', n: 5, note: null },
      { id: 'six', n: 6, note: null },
      { id: 'seven', n: 7, note: 'seventh' },
      { id: 'eight', n: 8, note: 'EIGHTH' },
    ]);
  });

  it('builds one statement per shape, each with its own values', async () => {
    const { db } = testDb.database;
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    expect(ids(await probesOver(2).rows(db, { over: 3, id0: 'four', id1: 'three' }))).toEqual([
      'four',
    ]);
    expect(
      ids(await probesOver(3).rows(db, { over: 0, id0: 'five', id1: 'six', id2: 'one' })),
    ).toEqual(['five', 'one', 'six']);
    expect(probesOver(2)).toBe(probesOver(2));
  });
});
