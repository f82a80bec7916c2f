import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_REPORT_DEFAULTS, REPORT_API, type Report } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const ITEMS = '/api/account/item';
const logger = pino({ level: 'silent' });

describe('item reports', () => {
  let server: TestServer;

  beforeAll(async () => {
    // No workers: each test runs the report's job itself, when it chooses (the queue's own run
    // of it is in report-resume.int.test.ts).
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
  });
  afterAll(() => server.close());

  async function newSeller(options: { countryCode?: 'US' | 'UK' | 'ES' | 'IT' } = {}) {
    const account = await createAccount(server, options);
    return { account, client: await signIn(server, account) };
  }

  /** Runs the report's job once, as a worker would (a try numbered `retryCount`). */
  async function runJob(account: AccountFixture, reportId: string, retryCount = 0) {
    await server.container.jobs.itemReport.handler(
      { reportId, accountId: account.accountId },
      { jobId: `test-${reportId}-${retryCount}`, retryCount, logger },
    );
  }

  async function reportOf(client: TestClient, reportId: string): Promise<Report> {
    const response = await client.get(`${REPORT_API.reports}/${reportId}`);
    expect(response.status, response.text).toBe(200);
    return response.body.report as Report;
  }

  async function download(client: TestClient, report: Report) {
    const response = await fetch(server.baseUrl + report.downloadPath!, {
      headers: { cookie: client.cookieHeader },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** An item made through the API; its dates and listings set as a long-kept shop's would be. */
  async function item(
    client: TestClient,
    body: Record<string, unknown>,
    stored: { created?: string; modified?: string; listings?: Record<string, unknown> } = {},
  ): Promise<string> {
    const created = await client.post(ITEMS, body);
    expect(created.status, created.text).toBe(201);
    const id = created.body.item.itemID as string;
    const db = server.container.database.db;
    if (stored.created) {
      await db.execute(
        sql`UPDATE items SET date_created = ${Date.parse(stored.created)} WHERE id = ${id}`,
      );
    }
    if (stored.modified) {
      await db.execute(
        sql`UPDATE items SET date_last_modified = ${Date.parse(stored.modified)} WHERE id = ${id}`,
      );
    }
    if (stored.listings) {
      await db.execute(
        sql`UPDATE items SET listings = ${JSON.stringify(stored.listings)}::jsonb WHERE id = ${id}`,
      );
    }
    return id;
  }

  /** Three items of a Rome shop: two complete and labelled, a draft; listed, sold, nowhere. */
  async function romeShop() {
    const seller = await newSeller({ countryCode: 'IT' });
    const jacket = await item(
      seller.client,
      {
        generalDetails: {
          ...COMPLETE_DETAILS,
          title: 'Giacca di jeans',
          sku: 'IT-1',
          price: 1234.5,
          costOfGoods: 12,
          quantity: 2,
          location: 'Scaffale A',
          weight: { pounds: 1, ounces: 4 },
        },
        labels: ['vintage', 'inverno'],
      },
      {
        // 23:30 in Rome on 9 March, still 9 March there (22:30 UTC).
        created: '2024-03-09T22:30:00Z',
        modified: '2024-03-10T08:15:00Z',
        listings: { ebay: { status: 'listed' }, poshmark: { status: 'sold' } },
      },
    );
    await item(
      seller.client,
      {
        generalDetails: { ...COMPLETE_DETAILS, title: '=HYPERLINK("x")', sku: 'IT-2', price: 9 },
        labels: ['vintage'],
      },
      { created: '2024-03-10T09:00:00Z', listings: { depop: { status: 'not_listed' } } },
    );
    await item(
      seller.client,
      { generalDetails: { title: 'Bozza', price: null } },
      { created: '2024-02-01T12:00:00Z' },
    );
    return { ...seller, jacket };
  }

  it('writes the chosen columns of the matching items as CSV, worded for Italy', async () => {
    const { account, client, jacket } = await romeShop();
    const started = await client.post(REPORT_API.start, {
      filters: { label: 'vintage', sort: 'dateCreated:asc' },
      columns: [
        'title',
        'sku',
        'price',
        'costOfGoods',
        'quantity',
        'status',
        'condition',
        'labels',
        'marketplaces',
        'dateCreated',
        'weight',
        'itemId',
      ],
      format: 'csv',
      locale: 'it',
    });
    expect(started.status, started.text).toBe(202);
    const queued = started.body.report as Report;
    expect(queued).toMatchObject({
      status: 'queued',
      format: 'csv',
      locale: 'it',
      timeZone: 'Europe/Rome',
      rowsDone: 0,
      rowsTotal: null,
      attempts: 1,
      downloadPath: null,
    });

    const early = await fetch(
      `${server.baseUrl}${REPORT_API.reports}/${queued.reportId}/download`,
      {
        headers: { cookie: client.cookieHeader },
      },
    );
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('reports/not-ready');

    await runJob(account, queued.reportId);
    const done = await reportOf(client, queued.reportId);
    expect(done).toMatchObject({ status: 'done', rowsDone: 2, rowsTotal: 2, failure: null });
    expect(done.fileName).toMatch(/^listloop-items-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)).toBe(7 * 86_400_000);

    const { response, bytes } = await download(client, done);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(done.fileName!);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(bytes.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'Titolo',
      'SKU',
      'Prezzo (EUR)',
      'Costo della merce (EUR)',
      'Quantità',
      'Stato',
      'Condizione',
      'Etichette',
      'Marketplace',
      'Creato',
      'Peso',
      'ID articolo',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'Giacca di jeans',
      'IT-1',
      '1234,50',
      '12,00',
      '2',
      'Completo',
      'Buone condizioni',
      'vintage, inverno',
      'eBay (Pubblicato), Poshmark (Venduto)',
      '09/03/2024 23:30',
      '567 g',
      jacket,
    ]);
    // A cell a spreadsheet would run as a formula is made inert; no listing is "not listed".
    expect(rows[2]!.slice(0, 3)).toEqual(['\'=HYPERLINK("x")', 'IT-2', '9,00']);
    expect(rows[2]![8]).toBe('');
  });

  it('writes XLSX with typed cells: amounts in the account’s currency, dates on its clock', async () => {
    const { account, client } = await romeShop();
    const started = await client.post(REPORT_API.start, {
      filters: { sort: 'dateCreated:asc' },
      columns: ['title', 'price', 'quantity', 'dateCreated', 'dateLastModified', 'status'],
      format: 'xlsx',
      locale: 'en-US',
    });
    expect(started.status, started.text).toBe(202);
    const { reportId } = started.body.report as Report;
    await runJob(account, reportId);
    const done = await reportOf(client, reportId);
    expect(done).toMatchObject({ status: 'done', rowsTotal: 3, rowsDone: 3 });
    expect(done.fileName).toMatch(/\.xlsx$/);

    const { response, bytes } = await download(client, done);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Items')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Title',
      'Price (EUR)',
      'Quantity',
      'Created',
      'Last changed',
      'Status',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const draft = sheet.getRow(2);
    expect(draft.getCell(1).value).toBe('Bozza');
    expect(draft.getCell(2).value).toBeNull();
    expect(draft.getCell(6).value).toBe('In progress');
    const jacket = sheet.getRow(3);
    expect(jacket.getCell(1).value).toBe('Giacca di jeans');
    expect(jacket.getCell(2).value).toBe(1234.5);
    // The account's currency (a Rome shop's euro), written as the language writes amounts.
    expect(jacket.getCell(2).numFmt).toBe('"€"#,##0.00');
    expect(jacket.getCell(3).value).toBe(2);
    // 22:30 UTC is 23:30 in Rome: the cell reads the shop's own clock.
    expect((jacket.getCell(4).value as Date).toISOString()).toBe('2024-03-09T23:30:00.000Z');
    expect(jacket.getCell(4).numFmt).toBe('mm/dd/yyyy hh:mm');
    expect((jacket.getCell(5).value as Date).toISOString()).toBe('2024-03-10T09:15:00.000Z');
    expect(sheet.getRow(4).getCell(1).value).toBe('=HYPERLINK("x")');
  });

  it('applies the inventory’s filters, with created days in the account’s time zone', async () => {
    const { account, client } = await romeShop();
    const count = async (filters: Record<string, unknown>) => {
      const started = await client.post(REPORT_API.start, {
        filters,
        columns: ['sku'],
        format: 'csv',
      });
      expect(started.status, started.text).toBe(202);
      await runJob(account, started.body.report.reportId);
      return (await reportOf(client, started.body.report.reportId)).rowsTotal;
    };
    expect(await count({})).toBe(3);
    expect(await count({ status: 'inProgress' })).toBe(1);
    expect(await count({ marketplace: 'poshmark', listingStatus: 'sold' })).toBe(1);
    expect(await count({ listingStatus: 'listed' })).toBe(1);
    expect(await count({ q: 'giacca' })).toBe(1);
    expect(await count({ priceMin: 5, priceMax: 10 })).toBe(1);
    // 9 March in Rome holds the jacket made at 22:30 UTC; the 10th the other one.
    expect(await count({ createdFrom: '2024-03-09', createdTo: '2024-03-09' })).toBe(1);
    expect(await count({ createdFrom: '2024-03-10' })).toBe(1);
    expect(await count({ createdTo: '2024-02-29' })).toBe(1);
    expect(await count({ label: 'nothing-has-this' })).toBe(0);
  });

  it('writes an empty report as its header row alone', async () => {
    const { account, client } = await newSeller();
    const started = await client.post(REPORT_API.start, {
      columns: ['title', 'sku'],
      format: 'csv',
    });
    await runJob(account, started.body.report.reportId);
    const done = await reportOf(client, started.body.report.reportId);
    expect(done).toMatchObject({ status: 'done', rowsTotal: 0, rowsDone: 0 });
    const { bytes } = await download(client, done);
    expect(parse(bytes.toString('utf8'), { bom: true })).toEqual([['Title', 'SKU']]);
  });

  it('keeps one report in progress per person, and names it in the 409', async () => {
    const { account, client } = await newSeller();
    const first = await client.post(REPORT_API.start, { format: 'csv' });
    expect(first.status).toBe(202);
    const second = await client.post(REPORT_API.start, { format: 'xlsx' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'reports/already-running',
      activeReport: { reportId: first.body.report.reportId, status: 'queued' },
    });
    expect(second.body.message).toContain(first.body.report.reportId);

    // Another person of the same account has their own.
    const member = await addMember(server, account);
    const memberClient = await signIn(server, member);
    expect((await memberClient.post(REPORT_API.start, { format: 'csv' })).status).toBe(202);

    // Two starts at once: one report, one 409.
    await runJob(account, first.body.report.reportId);
    const [a, b] = await Promise.all([
      client.post(REPORT_API.start, { format: 'csv' }),
      client.post(REPORT_API.start, { format: 'csv' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([202, 409]);
    const active = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM item_reports
          WHERE user_id = ${account.userId} AND status IN ('queued', 'running')`,
    );
    expect(active[0]!.n).toBe(1);
  });

  it('follows the person’s report: in progress, then the latest, newest first in the list', async () => {
    const { account, client } = await newSeller();
    expect((await client.get(REPORT_API.activeRequest)).body).toEqual({ report: null });
    expect((await client.get(REPORT_API.reports)).body).toEqual({ reports: [] });
    const first = (await client.post(REPORT_API.start, { format: 'csv' })).body.report as Report;
    const active = await client.get(REPORT_API.activeRequest);
    expect(active.status).toBe(200);
    expect(active.body.report).toMatchObject({ reportId: first.reportId, status: 'queued' });
    await runJob(account, first.reportId);
    expect((await client.get(REPORT_API.activeRequest)).body.report).toMatchObject({
      reportId: first.reportId,
      status: 'done',
      downloadPath: `${REPORT_API.reports}/${first.reportId}/download`,
    });
    const second = (await client.post(REPORT_API.start, { format: 'xlsx' })).body.report as Report;
    const list = await client.get(REPORT_API.reports);
    expect(list.body.reports.map((r: Report) => r.reportId)).toEqual([
      second.reportId,
      first.reportId,
    ]);
    // Nobody else sees them, not even a member of the same account.
    const member = await signIn(server, await addMember(server, account));
    expect((await member.get(REPORT_API.activeRequest)).body).toEqual({ report: null });
    expect((await member.get(`${REPORT_API.reports}/${first.reportId}`)).status).toBe(404);
    expect((await member.get(`${REPORT_API.reports}/${first.reportId}/download`)).status).toBe(404);
  });

  it('retries on an error, fails on the last try, and starts a failed report again', async () => {
    const { account, client } = await newSeller();
    await item(client, { generalDetails: { title: 'Kept', sku: 'R-1' } });
    const { reportId } = (await client.post(REPORT_API.start, { format: 'xlsx' })).body.report;

    const storage = server.container.storage;
    const put = storage.put.bind(storage);
    storage.put = async () => {
      throw new Error('the disk is full');
    };
    try {
      // A try before the last lets pg-boss try again: the report waits, from its first row.
      await expect(runJob(account, reportId, 0)).rejects.toThrow('the disk is full');
      expect(await reportOf(client, reportId)).toMatchObject({ status: 'queued', rowsDone: 0 });
      await runJob(account, reportId, 2);
    } finally {
      storage.put = put;
    }
    const failed = await reportOf(client, reportId);
    expect(failed).toMatchObject({ status: 'failed', failure: 'error', downloadPath: null });
    expect(failed.expiresAt).not.toBeNull();
    const [detail] = await queryRows<{ failure_detail: string }>(
      server,
      sql`SELECT failure_detail FROM item_reports WHERE id = ${reportId}`,
    );
    expect(detail!.failure_detail).toBe('the disk is full');
    // A failed report is no longer in progress: another may start, and this one may not.
    const retried = await client.post(`${REPORT_API.start}/${reportId}`, {});
    expect(retried.status, retried.text).toBe(202);
    expect(retried.body.report).toMatchObject({
      reportId,
      status: 'queued',
      attempts: 2,
      failure: null,
      expiresAt: null,
    });
    const again = await client.post(`${REPORT_API.start}/${reportId}`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('reports/not-failed');
    await runJob(account, reportId);
    const done = await reportOf(client, reportId);
    expect(done).toMatchObject({ status: 'done', attempts: 2, rowsTotal: 1 });
    expect((await download(client, done)).response.status).toBe(200);
    expect((await client.post(`${REPORT_API.start}/${reportId}`, {})).body.code).toBe(
      'reports/not-failed',
    );
    expect((await client.post(`${REPORT_API.start}/nosuchreport0000000000`, {})).status).toBe(404);
  });

  it('fails at once when its person may no longer read reports, and works again when they may', async () => {
    const { account, client: owner } = await newSeller();
    const role = await owner.put('/api/rest/v1/enterprise/roles', {
      name: 'reporters',
      permissions: { 'items.read': true, 'reports.read': true },
    });
    expect(role.status, role.text).toBe(200);
    const member = await addMember(server, account, { roleId: role.body.data.id });
    const client = await signIn(server, member);
    const { reportId } = (await client.post(REPORT_API.start, { format: 'csv' })).body.report;
    const setReports = (allowed: boolean) =>
      owner.put('/api/rest/v1/enterprise/roles', {
        id: role.body.data.id,
        name: 'reporters',
        permissions: { 'items.read': true, 'reports.read': allowed },
      });
    expect((await setReports(false)).status).toBe(200);
    await runJob(account, reportId, 0);
    const [row] = await queryRows<{ status: string; failure: string }>(
      server,
      sql`SELECT status, failure FROM item_reports WHERE id = ${reportId}`,
    );
    expect(row).toEqual({ status: 'failed', failure: 'noAccess' });
    expect((await client.post(`${REPORT_API.start}/${reportId}`, {})).status).toBe(403);
    expect((await setReports(true)).status).toBe(200);
    expect((await client.post(`${REPORT_API.start}/${reportId}`, {})).status).toBe(202);
    await runJob(account, reportId);
    expect(await reportOf(client, reportId)).toMatchObject({ status: 'done' });
  });

  it('leaves a report alone that another worker holds or that has ended', async () => {
    const { account, client } = await newSeller();
    const { reportId } = (await client.post(REPORT_API.start, { format: 'csv' })).body.report;
    await server.container.database.db.execute(
      sql`UPDATE item_reports SET status = 'running', lease_owner = 'someone-else',
          lease_expires_at = now() + interval '1 minute' WHERE id = ${reportId}`,
    );
    await runJob(account, reportId);
    expect(await reportOf(client, reportId)).toMatchObject({ status: 'running', rowsDone: 0 });
    await server.container.database.db.execute(
      sql`UPDATE item_reports SET lease_expires_at = now() - interval '1 second' WHERE id = ${reportId}`,
    );
    await runJob(account, reportId);
    const done = await reportOf(client, reportId);
    expect(done.status).toBe('done');
    await runJob(account, reportId);
    expect(await reportOf(client, reportId)).toEqual(done);
  });

  it('keeps a report 7 days: then its download says so, and the prune removes it and its file', async () => {
    const { account, client } = await newSeller();
    const { reportId } = (await client.post(REPORT_API.start, { format: 'csv' })).body.report;
    await runJob(account, reportId);
    const [row] = await queryRows<{ file_key: string }>(
      server,
      sql`SELECT file_key FROM item_reports WHERE id = ${reportId}`,
    );
    expect(await server.container.storage.stat(row!.file_key)).not.toBeNull();
    await server.container.database.db.execute(
      sql`UPDATE item_reports SET expires_at = now() - interval '1 minute' WHERE id = ${reportId}`,
    );
    const gone = await client.get(`${REPORT_API.reports}/${reportId}/download`);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('reports/expired');
    expect((await client.get(`${REPORT_API.reports}/${reportId}`)).status).toBe(404);
    expect((await client.get(REPORT_API.activeRequest)).body.report).toBeNull();
    expect(await server.container.services.reports.prune(logger)).toBeGreaterThanOrEqual(1);
    expect(await server.container.storage.stat(row!.file_key)).toBeNull();
    expect((await client.get(`${REPORT_API.reports}/${reportId}/download`)).status).toBe(404);
  });

  it('reads a team member’s inventory when asked, and no one’s outside the account', async () => {
    const { account, client } = await newSeller();
    const member = await addMember(server, account);
    const memberClient = await signIn(server, member);
    await item(memberClient, { generalDetails: { title: 'Member item', sku: 'M-1' } });
    const started = await client.post(REPORT_API.start, {
      filters: { userId: member.userId },
      columns: ['title'],
      format: 'csv',
    });
    expect(started.status, started.text).toBe(202);
    await runJob(account, started.body.report.reportId);
    const done = await reportOf(client, started.body.report.reportId);
    expect(done).toMatchObject({ status: 'done', rowsTotal: 1 });
    expect(done.filters.userId).toBe(member.userId);
    const stranger = await newSeller();
    const refused = await client.post(REPORT_API.start, {
      filters: { userId: stranger.account.userId },
    });
    expect(refused.status).toBe(404);
  });

  it('refuses bad requests with a clear 400', async () => {
    const { client } = await newSeller();
    const bad = async (body: unknown, path: string) => {
      const response = await client.post(REPORT_API.start, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('request/invalid');
      expect(response.body.issues.map((i: { path: string }) => i.path).join()).toContain(path);
    };
    await bad({ columns: [] }, 'columns');
    await bad({ columns: ['title', 'secret'] }, 'columns');
    await bad({ format: 'pdf' }, 'format');
    await bad({ locale: 'fr' }, 'locale');
    await bad({ filters: { createdFrom: '2024-02-30' } }, 'createdFrom');
    await bad({ filters: { createdFrom: '2024-03-10', createdTo: '2024-03-01' } }, 'createdTo');
    await bad({ filters: { priceMin: 20, priceMax: 10 } }, 'priceMax');
    await bad({ filters: { status: 'sold' } }, 'status');
    await bad({ filters: { sort: 'random' } }, 'sort');
    expect((await client.get(REPORT_API.activeRequest)).body.report).toBeNull();
  });

  describe('defaults', () => {
    it('start built in, are saved per person, used by a start, and reset by DELETE', async () => {
      const { account, client } = await newSeller();
      const initial = await client.get(REPORT_API.defaults);
      expect(initial.status).toBe(200);
      expect(initial.body).toEqual({
        defaults: BUILT_IN_REPORT_DEFAULTS,
        saved: false,
        updatedAt: null,
      });

      const saved = await client.put(REPORT_API.defaults, {
        filters: { status: 'complete', label: 'vintage', createdFrom: '2024-01-01' },
        columns: ['sku', 'title', 'sku'],
        format: 'csv',
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toMatchObject({
        defaults: {
          filters: { status: 'complete', label: 'vintage', createdFrom: '2024-01-01' },
          columns: ['sku', 'title'],
          format: 'csv',
        },
        saved: true,
      });
      expect((await client.get(REPORT_API.defaults)).body).toEqual(saved.body);

      // Each person keeps their own.
      const member = await signIn(server, await addMember(server, account));
      expect((await member.get(REPORT_API.defaults)).body.saved).toBe(false);

      const started = await client.post(REPORT_API.start, {});
      expect(started.body.report).toMatchObject({
        format: 'csv',
        columns: ['sku', 'title'],
        filters: { status: 'complete', label: 'vintage', createdFrom: '2024-01-01' },
        locale: 'en-US',
      });
      // What the start names wins over the defaults.
      await runJob(account, started.body.report.reportId);
      const override = await client.post(REPORT_API.start, { format: 'xlsx' });
      expect(override.body.report).toMatchObject({ format: 'xlsx', columns: ['sku', 'title'] });

      const reset = await client.delete(REPORT_API.defaults);
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({
        defaults: BUILT_IN_REPORT_DEFAULTS,
        saved: false,
        updatedAt: null,
      });
      expect((await client.get(REPORT_API.defaults)).body.saved).toBe(false);
      expect((await client.delete(REPORT_API.defaults)).status).toBe(200);
    });

    it('refuses bad defaults with a clear 400, and another account’s member with a 404', async () => {
      const { client } = await newSeller();
      for (const body of [
        { columns: [], format: 'csv' },
        { columns: ['title'] },
        { columns: ['title'], format: 'csv', filters: { priceMin: -1 } },
        { columns: ['title'], format: 'csv', filters: { createdTo: 'yesterday' } },
        { columns: 'title', format: 'csv' },
      ]) {
        const response = await client.put(REPORT_API.defaults, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.issues.length).toBeGreaterThan(0);
      }
      const stranger = await newSeller();
      const response = await client.put(REPORT_API.defaults, {
        columns: ['title'],
        format: 'csv',
        filters: { userId: stranger.account.userId },
      });
      expect(response.status).toBe(404);
      expect((await client.get(REPORT_API.defaults)).body.saved).toBe(false);
    });
  });

  it('words the file in the person’s own language unless they ask for another', async () => {
    const { account, client } = await newSeller({ countryCode: 'ES' });
    await item(client, { generalDetails: { title: 'Chaqueta', sku: 'ES-1', price: 20 } });
    const started = await client.post(REPORT_API.start, {
      columns: ['title', 'price', 'status'],
      format: 'csv',
    });
    expect(started.body.report).toMatchObject({ locale: 'es', timeZone: 'Europe/Madrid' });
    await runJob(account, started.body.report.reportId);
    const { bytes } = await download(client, await reportOf(client, started.body.report.reportId));
    expect(parse(bytes.toString('utf8'), { bom: true, delimiter: ';' })).toEqual([
      ['Título', 'Precio (EUR)', 'Estado del borrador'],
      ['Chaqueta', '20,00', 'En curso'],
    ]);
  });
});
