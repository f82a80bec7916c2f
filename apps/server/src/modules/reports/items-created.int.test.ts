import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_API } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

const ITEMS = '/api/account/item';
const TOTALS = REPORT_API.createdByDate;

describe('total items created by date', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
  });
  afterAll(() => server.close());

  async function newSeller(countryCode: 'US' | 'IT' = 'US') {
    const account = await createAccount(server, { countryCode });
    return { account, client: await signIn(server, account) };
  }

  async function madeAt(client: TestClient, instants: string[]) {
    for (const at of instants) {
      const response = await client.post(ITEMS, {});
      expect(response.status, response.text).toBe(201);
      await server.container.database.db.execute(
        sql`UPDATE items SET date_created = ${Date.parse(at)} WHERE id = ${response.body.item.itemID}`,
      );
    }
  }

  const totals = (client: TestClient, query: string) => client.get(`${TOTALS}?${query}`);

  /**
   * Around New York's spring-forward night (10 March 2024, 02:00 EST → 03:00 EDT) and the end of
   * March: where each item falls depends on the zone's own midnights, which move by an hour.
   */
  const AROUND_DST = [
    '2024-03-10T04:30:00Z', // 9 March, 23:30 EST
    '2024-03-10T05:30:00Z', // 10 March, 00:30 EST
    '2024-03-11T03:59:00Z', // 10 March, 23:59 EDT
    '2024-03-11T04:00:00Z', // 11 March, 00:00 EDT
    '2024-03-31T12:00:00Z', // 31 March
    '2024-04-01T03:00:00Z', // 31 March, 23:00 EDT
    '2024-04-01T04:00:00Z', // 1 April, 00:00 EDT
  ];

  it('counts per day in the account’s time zone, across a clock change, zero-filled', async () => {
    const { client } = await newSeller();
    await madeAt(client, AROUND_DST);
    const response = await totals(client, 'from=2024-03-09&to=2024-03-12&bucket=day');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      from: '2024-03-09',
      to: '2024-03-12',
      bucket: 'day',
      timeZone: 'America/New_York',
      total: 4,
      buckets: [
        { start: '2024-03-09', end: '2024-03-09', total: 1 },
        { start: '2024-03-10', end: '2024-03-10', total: 2 },
        { start: '2024-03-11', end: '2024-03-11', total: 1 },
        { start: '2024-03-12', end: '2024-03-12', total: 0 },
      ],
    });
    // The day is the default bucket.
    expect((await totals(client, 'from=2024-03-10&to=2024-03-10')).body.buckets).toEqual([
      { start: '2024-03-10', end: '2024-03-10', total: 2 },
    ]);
  });

  it('counts per ISO week (from Monday) and per month; edge buckets hold only the range’s days', async () => {
    const { client } = await newSeller();
    await madeAt(client, AROUND_DST);
    const weeks = await totals(client, 'from=2024-03-06&to=2024-03-20&bucket=week');
    expect(weeks.status, weeks.text).toBe(200);
    expect(weeks.body.buckets).toEqual([
      { start: '2024-03-06', end: '2024-03-10', total: 3 },
      { start: '2024-03-11', end: '2024-03-17', total: 1 },
      { start: '2024-03-18', end: '2024-03-20', total: 0 },
    ]);
    expect(weeks.body.total).toBe(4);
    // A range that starts on the 10th leaves out the 9th's item, though its week holds it.
    const fromSunday = await totals(client, 'from=2024-03-10&to=2024-03-17&bucket=week');
    expect(fromSunday.body.buckets).toEqual([
      { start: '2024-03-10', end: '2024-03-10', total: 2 },
      { start: '2024-03-11', end: '2024-03-17', total: 1 },
    ]);
    const months = await totals(client, 'from=2024-02-15&to=2024-04-30&bucket=month');
    expect(months.body.buckets).toEqual([
      { start: '2024-02-15', end: '2024-02-29', total: 0 },
      { start: '2024-03-01', end: '2024-03-31', total: 6 },
      { start: '2024-04-01', end: '2024-04-30', total: 1 },
    ]);
    const yearEnd = await totals(client, 'from=2024-12-30&to=2025-01-05&bucket=week');
    expect(yearEnd.body.buckets).toEqual([{ start: '2024-12-30', end: '2025-01-05', total: 0 }]);
  });

  it('follows the account’s time zone when the account changes it', async () => {
    const { client } = await newSeller();
    await madeAt(client, AROUND_DST);
    const saved = await client.put('/api/account', { timeZone: 'Europe/Rome' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.timeZone).toBe('Europe/Rome');
    const response = await totals(client, 'from=2024-03-09&to=2024-03-12');
    expect(response.body.timeZone).toBe('Europe/Rome');
    // In Rome (UTC+1 then) 04:30 and 05:30 UTC are the 10th; 03:59 and 04:00 the 11th.
    expect(response.body.buckets.map((b: { total: number }) => b.total)).toEqual([0, 2, 2, 0]);
    const months = await totals(client, 'from=2024-03-01&to=2024-04-30&bucket=month');
    // 03:00 UTC on 1 April is already April in Rome (UTC+2).
    expect(months.body.buckets.map((b: { total: number }) => b.total)).toEqual([5, 2]);
    for (const timeZone of ['+05:00', 'Mars/Olympus_Mons', '', 'DROP TABLE']) {
      const refused = await client.put('/api/account', { timeZone });
      expect(refused.status, timeZone).toBe(400);
    }
    expect((await client.get('/api/account')).body.timeZone).toBe('Europe/Rome');
  });

  it('opens an account in its owner’s country’s time zone', async () => {
    const { client } = await newSeller('IT');
    expect((await client.get('/api/account')).body.timeZone).toBe('Europe/Rome');
    const session = await client.get('/api/rest/v1/auth/session');
    expect(session.body.account.timeZone).toBe('Europe/Rome');
  });

  it('counts a team member’s inventory when asked, and nobody’s outside the account', async () => {
    const { account, client } = await newSeller();
    const member = await addMember(server, account);
    await madeAt(await signIn(server, member), ['2024-05-05T15:00:00Z']);
    const mine = await totals(client, 'from=2024-05-05&to=2024-05-05');
    expect(mine.body.total).toBe(0);
    const theirs = await totals(client, `from=2024-05-05&to=2024-05-05&userId=${member.userId}`);
    expect(theirs.body.total).toBe(1);
    const stranger = await newSeller();
    const refused = await totals(
      client,
      `from=2024-05-05&to=2024-05-05&userId=${stranger.account.userId}`,
    );
    expect(refused.status).toBe(404);
  });

  it('takes a year of days, three years of weeks and ten of months, and refuses more clearly', async () => {
    const { client } = await newSeller();
    const ok = async (query: string, buckets: number) => {
      const response = await totals(client, query);
      expect(response.status, `${query}: ${response.text}`).toBe(200);
      expect(response.body.buckets).toHaveLength(buckets);
      expect(response.body.total).toBe(0);
    };
    await ok('from=2024-01-01&to=2024-12-31&bucket=day', 366);
    await ok('from=2022-01-03&to=2025-01-05&bucket=week', 157);
    await ok('from=2015-01-01&to=2024-12-31&bucket=month', 120);

    const bad = async (query: string, text: RegExp) => {
      const response = await totals(client, query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('request/invalid');
      expect(response.body.message, query).toMatch(text);
    };
    await bad(
      'from=2024-01-01&to=2025-01-01&bucket=day',
      /367 days .*daily totals \(at most 366\)/,
    );
    await bad('from=2022-01-03&to=2025-01-06&bucket=week', /158 weeks .*at most 157/);
    await bad('from=2015-01-01&to=2025-01-01&bucket=month', /121 months .*at most 120/);
    await bad('from=2024-03-10&to=2024-03-09', /"to" must not be before "from"/);
    await bad('from=2024-02-30&to=2024-03-09', /from/);
    await bad('from=10&to=20', /from/);
    await bad('from=2024-03-01&to=2024-03-09&bucket=year', /bucket/);
    await bad('to=2024-03-09', /from/);
  });
});
