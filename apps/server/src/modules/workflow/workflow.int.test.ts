import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMarketplace } from '../../../test/connections';
import { addMember, createAccount, signIn } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const WORKFLOW = '/api/rest/v1/enterprise/workflow';
const IMPORTS = '/api/rest/v1/enterprise/marketplace-import';
const HOUR = 60 * 60 * 1000;

describe('workflow', () => {
  let server: TestServer;

  async function newSeller() {
    const account = await createAccount(server);
    return { account, client: await signIn(server, account) };
  }

  beforeAll(async () => {
    // Sandbox marketplaces: an eBay connector the scheduled import can start with.
    server = await startTestServer({
      env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' },
      work: false,
    });
  });
  afterAll(() => server.close());

  it('reads as the defaults before anything is saved', async () => {
    const { client } = await newSeller();
    const response = await client.get(WORKFLOW);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      crosslistWorkflow: 'create_new_items_within_listloop',
      importFromEbay: { enabled: true, everyHours: 24 },
      steps: ['create_item', 'cross_list'],
      schedule: { ebayConnected: false, nextImportAt: null, lastImportAt: null },
      updatedAt: null,
    });
  });

  it('PUT replaces it, PATCH changes a part, and bad values are refused readably', async () => {
    const { client } = await newSeller();
    const put = await client.put(WORKFLOW, {
      crosslistWorkflow: 'import_from_csv',
      importFromEbay: { enabled: false, everyHours: 6 },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({
      crosslistWorkflow: 'import_from_csv',
      importFromEbay: { enabled: false, everyHours: 6 },
      steps: ['import_csv', 'cross_list'],
      schedule: { nextImportAt: null },
    });
    const patched = await client.patch(WORKFLOW, { importFromEbay: { enabled: true } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      crosslistWorkflow: 'import_from_csv',
      importFromEbay: { enabled: true, everyHours: 6 },
    });
    const odd = await client.patch(WORKFLOW, { importFromEbay: { everyHours: 5 } });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toContain('Every how many hours is one of 1, 6, 12, 24, 48, 168');
    const unknown = await client.put(WORKFLOW, {
      crosslistWorkflow: 'by_pigeon',
      importFromEbay: { enabled: true, everyHours: 24 },
    });
    expect(unknown.status).toBe(400);
  });

  it('a member who may not manage the account reads it but cannot change it', async () => {
    const { account } = await newSeller();
    const viewer = await signIn(
      server,
      await addMember(server, account, { roleId: account.viewerRoleId }),
    );
    expect((await viewer.get(WORKFLOW)).status).toBe(200);
    const refused = await viewer.patch(WORKFLOW, { crosslistWorkflow: 'import_from_csv' });
    expect(refused.status).toBe(403);
  });

  it('keeping importing from eBay schedules the import, which starts when due; switching away cancels it', async () => {
    const { account, client } = await newSeller();
    const connectionId = await connectMarketplace(client, 'ebay');
    const before = Date.now();
    const chosen = await client.put(WORKFLOW, {
      crosslistWorkflow: 'keep_importing_from_ebay',
      importFromEbay: { enabled: true, everyHours: 12 },
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.steps).toEqual(['import_from_ebay', 'cross_list']);
    expect(chosen.body.schedule.ebayConnected).toBe(true);
    const first = Date.parse(chosen.body.schedule.nextImportAt);
    expect(first).toBeGreaterThanOrEqual(before - 1000);

    // The scheduler's pass: the import of the eBay connection starts, the next is 12 h on.
    const runAt = new Date(first + 60_000);
    expect(await server.container.services.workflows.runDueImports(runAt)).toBe(1);
    const imports = await client.get(IMPORTS);
    expect(imports.body.imports.map((i: { connectionId: string }) => i.connectionId)).toContain(
      connectionId,
    );
    const after = (await client.get(WORKFLOW)).body;
    expect(after.schedule.lastImportAt).toBe(runAt.toISOString());
    expect(after.schedule.nextImportAt).toBe(new Date(runAt.getTime() + 12 * HOUR).toISOString());
    // Not due again before then.
    expect(
      await server.container.services.workflows.runDueImports(new Date(runAt.getTime() + HOUR)),
    ).toBe(0);

    const switched = await client.patch(WORKFLOW, {
      crosslistWorkflow: 'create_new_items_within_listloop',
    });
    expect(switched.body.schedule.nextImportAt).toBeNull();
    expect(
      await server.container.services.workflows.runDueImports(
        new Date(runAt.getTime() + 48 * HOUR),
      ),
    ).toBe(0);
    const [row] = await queryRows<{ next: Date | null }>(
      server,
      sql`SELECT next_ebay_import_at AS next FROM workflows WHERE account_id = ${account.accountId}`,
    );
    expect(row?.next).toBeNull();

    // Back again: the next import is a period after the last one.
    const back = await client.patch(WORKFLOW, { crosslistWorkflow: 'keep_importing_from_ebay' });
    expect(Date.parse(back.body.schedule.nextImportAt)).toBeGreaterThanOrEqual(
      Math.max(Date.now() - 1000, runAt.getTime() + 12 * HOUR - 1000),
    );
  });

  it('turning the eBay import off cancels its schedule', async () => {
    const { client } = await newSeller();
    await client.put(WORKFLOW, {
      crosslistWorkflow: 'keep_importing_from_ebay',
      importFromEbay: { enabled: true, everyHours: 24 },
    });
    const off = await client.patch(WORKFLOW, { importFromEbay: { enabled: false } });
    expect(off.body.schedule.nextImportAt).toBeNull();
  });
});
