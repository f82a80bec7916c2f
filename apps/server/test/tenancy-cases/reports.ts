import { sql } from 'drizzle-orm';
import pino from 'pino';
import { expect } from 'vitest';
import { REPORT_API } from '@listloop/domain';
import type { TenancyCase, Victim } from '../tenancy';
import { waitFor } from '../wait';

const REPORTS = REPORT_API.reports;
const logger = pino({ level: 'silent' });

/** The victim's reports, made once: one finished (with its file), one failed. */
let victimReports: Promise<{ done: string; failed: string }> | null = null;
function reportsOf(victim: Victim) {
  victimReports ??= (async () => {
    const { container } = victim.server;
    const first = await victim.client.post(REPORT_API.start, {
      columns: ['title'],
      format: 'csv',
    });
    expect(first.status, first.text).toBe(202);
    const done = first.body.report.reportId as string;
    // The server's workers may have it already; running it again changes nothing.
    await container.jobs.itemReport.handler(
      { reportId: done, accountId: victim.account.accountId },
      { jobId: 'tenancy-report', retryCount: 0, logger },
    );
    await waitFor(
      () => victim.client.get(`${REPORTS}/${done}`),
      (response) => response.body?.report?.status === 'done',
    );
    const second = await victim.client.post(REPORT_API.start, { format: 'xlsx' });
    expect(second.status, second.text).toBe(202);
    const failed = second.body.report.reportId as string;
    await container.database.db.execute(
      sql`UPDATE item_reports SET status = 'failed', failure = 'error', lease_owner = NULL,
          lease_expires_at = NULL WHERE id = ${failed}`,
    );
    return { done, failed };
  })();
  return victimReports;
}

async function reportsUnchanged(victim: Victim) {
  const { done, failed } = await reportsOf(victim);
  const list = await victim.client.get(REPORTS);
  expect(list.status).toBe(200);
  const byId = new Map(
    (list.body.reports as { reportId: string; status: string; attempts: number }[]).map((r) => [
      r.reportId,
      r,
    ]),
  );
  expect(byId.get(done)).toMatchObject({ status: 'done', attempts: 1 });
  expect(byId.get(failed)).toMatchObject({ status: 'failed', attempts: 1 });
}

/** The victim's own report defaults, saved once. */
let victimDefaults: Promise<void> | null = null;
function defaultsOf(victim: Victim) {
  victimDefaults ??= (async () => {
    const saved = await victim.client.put(REPORT_API.defaults, {
      filters: { label: 'victim label' },
      columns: ['sku'],
      format: 'csv',
    });
    expect(saved.status, saved.text).toBe(200);
  })();
  return victimDefaults;
}

async function defaultsUnchanged(victim: Victim) {
  const response = await victim.client.get(REPORT_API.defaults);
  expect(response.body).toMatchObject({
    saved: true,
    defaults: { filters: { label: 'victim label' }, columns: ['sku'], format: 'csv' },
  });
}

export const cases: TenancyCase[] = [
  {
    route: `POST ${REPORT_API.start}`,
    title: 'cannot start a report of another account’s user’s inventory',
    request: (victim) => ({
      path: REPORT_API.start,
      body: { filters: { userId: victim.account.userId }, format: 'csv' },
    }),
  },
  {
    route: `POST ${REPORT_API.start}/:reportId`,
    title: 'cannot start another account’s failed report again',
    request: async (victim) => ({
      path: `${REPORT_API.start}/${(await reportsOf(victim)).failed}`,
      body: {},
    }),
    unchanged: reportsUnchanged,
  },
  {
    route: `GET ${REPORTS}/:reportId`,
    title: 'cannot read another account’s report',
    request: async (victim) => ({ path: `${REPORTS}/${(await reportsOf(victim)).done}` }),
  },
  {
    route: `GET ${REPORTS}/:reportId/download`,
    title: 'cannot download another account’s report',
    request: async (victim) => ({ path: `${REPORTS}/${(await reportsOf(victim)).done}/download` }),
  },
  {
    route: `GET ${REPORTS}`,
    title: 'lists only the caller’s own reports',
    request: async (victim) => {
      await reportsOf(victim);
      return { path: REPORTS };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.reports).toEqual([]);
    },
  },
  {
    route: `GET ${REPORT_API.activeRequest}`,
    title: 'sees only the caller’s own report in progress',
    request: async (victim) => {
      await reportsOf(victim);
      return { path: REPORT_API.activeRequest };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.report).toBeNull();
    },
  },
  {
    route: `GET ${REPORT_API.defaults}`,
    title: 'reads only the caller’s own report defaults',
    request: async (victim) => {
      await defaultsOf(victim);
      return { path: REPORT_API.defaults };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.saved).toBe(false);
      expect(response.text).not.toContain('victim label');
    },
  },
  {
    route: `PUT ${REPORT_API.defaults}`,
    title: 'cannot save defaults over another account’s user’s inventory',
    request: async (victim) => {
      await defaultsOf(victim);
      return {
        path: REPORT_API.defaults,
        body: { filters: { userId: victim.account.userId }, columns: ['title'], format: 'xlsx' },
      };
    },
    unchanged: defaultsUnchanged,
  },
  {
    route: `DELETE ${REPORT_API.defaults}`,
    title: 'resets only the caller’s own report defaults',
    request: async (victim) => {
      await defaultsOf(victim);
      return { path: REPORT_API.defaults };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.saved).toBe(false);
    },
    unchanged: defaultsUnchanged,
  },
  {
    route: `GET ${REPORT_API.createdByDate}`,
    title: 'cannot count the items of another account’s user',
    request: (victim) => ({
      path: `${REPORT_API.createdByDate}?userId=${victim.account.userId}&from=2024-01-01&to=2024-01-31`,
    }),
  },
];
