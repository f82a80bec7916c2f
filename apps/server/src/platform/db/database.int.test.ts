import { describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../../test/database';

/** Whether a promise settled within `ms` (true/false), without awaiting it further. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe(`the job queue's SQL executor after the database closed (${testDatabaseKind()})`, () => {
  it('answers a late job outcome never, rather than rows pg-boss cannot read', async () => {
    const { database, dispose } = await createTestDatabase();
    await expect(database.executor.executeSql('select 1 as count')).resolves.toEqual({
      rows: [{ count: 1 }],
    });
    await dispose();
    // pg-boss reads rows[0].count of a completion it records; a stopped server's late
    // completion must neither answer empty rows (a TypeError, unhandled) nor reject (unhandled).
    const late = database.executor.executeSql('select $1::int as count', [0]);
    expect(await settlesWithin(late, 200)).toBe(false);
  });
});
