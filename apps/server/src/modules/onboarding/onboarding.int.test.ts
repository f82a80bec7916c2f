import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import {
  addMember,
  createAccount,
  signIn,
  uniqueEmail,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { lastMailTo, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';

const BASE = '/api/rest/v1/enterprise/onboarding';
const SESSION = '/api/rest/v1/auth/session';
const WORKFLOW = '/api/rest/v1/enterprise/workflow';
const ACCESS_TO = 'vestiaire-desk@listloop.test';

/** A complete form, every step filled in. */
function complete(step = 'onboarding_done') {
  return {
    step,
    mainMarketplace: 'poshmark',
    marketplaces: ['poshmark', 'ebay', 'vestiaire'],
    inventorySize: 350,
    crosslistWorkflow: 'keep_importing_from_ebay',
    listingTemplate: { title: '{brand} {type}', description: 'Ships in a day.' },
    contact: { email: 'ada@shop.test', name: 'Ada Seller', role: 'Owner' },
  };
}

describe('onboarding', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;

  async function newSeller(companyName = 'Second Life Threads') {
    const account = await createAccount(server, { companyName });
    return { account, client: await signIn(server, account) };
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: {
        LOGIN_MAX_PER_IP: '1000',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'hello@listloop.test',
        VESTIAIRE_ACCESS_EMAIL: ACCESS_TO,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('is made with the spec defaults on first fetch, once per account', async () => {
    const { account, client } = await newSeller();
    const first = await client.get(BASE);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      accountId: account.accountId,
      userId: account.userId,
      status: 'PENDING',
      step: 'main_marketplace',
      inventorySize: 0,
      mainMarketplace: 'ebay',
      marketplaces: ['ebay'],
      approvedAt: null,
      crosslistWorkflow: 'create_new_items_within_listloop',
      listingTemplate: { title: '', description: '' },
      contact: { email: '', name: '', role: '' },
    });
    expect(Date.parse(first.body.startedAt)).not.toBeNaN();
    const again = await client.get(BASE);
    expect(again.body.id).toBe(first.body.id);
    const byId = await client.get(`${BASE}/${first.body.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(again.body);
    const rows = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM onboardings WHERE account_id = ${account.accountId}`,
    );
    expect(rows[0]?.n).toBe(1);
    // In progress, the onboarding's default marketplaces restrict nothing yet.
    const session = await client.get(SESSION);
    expect(session.body.account.onboarding).toMatchObject({ status: 'PENDING' });
    expect(session.body.account.onboarding.marketplaces).toBeUndefined();
  });

  it('saves the lenient form a step at a time, and a reload finds the step saved', async () => {
    const { client } = await newSeller();
    const saved = await client.put(BASE, {
      step: 'marketplaces',
      mainMarketplace: 'depop',
      marketplaces: [],
      crosslistWorkflow: 'create_new_items_within_listloop',
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      step: 'marketplaces',
      mainMarketplace: 'depop',
      marketplaces: [],
    });
    expect((await client.get(BASE)).body.step).toBe('marketplaces');
    // Going back is always allowed, and the server's own fields are ignored.
    const back = await client.put(BASE, {
      step: 'main_marketplace',
      status: 'APPROVED',
      crosslistWorkflow: 'import_from_csv',
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ step: 'main_marketplace', status: 'PENDING' });
  });

  it('goes forward only to a step whose earlier steps are complete, naming what is missing', async () => {
    const { client } = await newSeller();
    const skipped = await client.put(BASE, {
      step: 'crosslisting_workflow',
      mainMarketplace: 'ebay',
      marketplaces: ['ebay'],
      inventorySize: 0,
      crosslistWorkflow: 'create_new_items_within_listloop',
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.issues).toEqual([
      { path: 'inventorySize', message: 'Inventory size must be greater than 0' },
    ]);
    expect((await client.get(BASE)).body.step).toBe('main_marketplace');
  });

  it('refuses to finish without the strict form, naming each missing field', async () => {
    const { client } = await newSeller();
    const refused = await client.put(BASE, {
      step: 'onboarding_done',
      mainMarketplace: null,
      marketplaces: [],
      crosslistWorkflow: 'create_new_items_within_listloop',
      contact: { email: 'not-an-email', name: '', role: '' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual([
      'mainMarketplace',
      'marketplaces',
      'inventorySize',
      'listingTemplate.title',
      'listingTemplate.description',
      'contact.email',
      'contact.name',
      'contact.role',
    ]);
    expect(refused.body.message).toContain('Full Name is required');
    const wrong = await client.put(BASE, { ...complete(), crosslistWorkflow: 'something_else' });
    expect(wrong.status).toBe(400);
    expect((await client.get(BASE)).body.status).toBe('PENDING');
  });

  it('finishing approves at once: the session is approved, the marketplaces allowed, the workflow chosen', async () => {
    const { client } = await newSeller();
    const finished = await client.put(BASE, complete());
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.status).toBe('APPROVED');
    expect(Date.parse(finished.body.approvedAt)).not.toBeNaN();
    const session = await client.get(SESSION);
    expect(session.body.account.onboarding).toMatchObject({
      status: 'APPROVED',
      marketplaces: ['poshmark', 'ebay', 'vestiaire'],
    });
    expect([...session.body.allowedMarketplaces].sort()).toEqual(['ebay', 'poshmark', 'vestiaire']);
    const workflow = await client.get(WORKFLOW);
    expect(workflow.body.crosslistWorkflow).toBe('keep_importing_from_ebay');
  });

  it('answers 404 for another account’s onboarding by id', async () => {
    const one = await newSeller('One Shop');
    const other = await newSeller('Other Shop');
    const id = (await one.client.get(BASE)).body.id as string;
    const response = await other.client.get(`${BASE}/${id}`);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain(one.account.email);
  });

  it('an account approved before the record existed stays approved', async () => {
    const { account, client } = await newSeller();
    await queryRows(
      server,
      sql`UPDATE accounts SET onboarding = '{"status":"APPROVED"}'::jsonb WHERE account_id = ${account.accountId}`,
    );
    expect((await client.get(BASE)).body.status).toBe('APPROVED');
    expect((await client.get(SESSION)).body.account.onboarding.status).toBe('APPROVED');
  });

  describe('provider staff', () => {
    let staff: TestClient;
    let seller: { account: AccountFixture; client: TestClient };

    beforeAll(async () => {
      const staffAccount = await createAccount(server, {
        companyName: 'ListLoop Support',
        accessLevel: 'staff',
      });
      staff = await signIn(server, staffAccount);
      seller = await newSeller('Needs Help Vintage');
      await seller.client.put(BASE, {
        step: 'marketplaces',
        mainMarketplace: 'ebay',
        crosslistWorkflow: 'import_from_csv',
        contact: { email: 'help@vintage.test', name: 'Hal Helpme', role: 'Owner' },
      });
    });

    it('list the pending onboardings of every account', async () => {
      const listed = await staff.get(`${BASE}/pending`);
      expect(listed.status, listed.text).toBe(200);
      const mine = listed.body.data.find(
        (o: { accountId: string }) => o.accountId === seller.account.accountId,
      );
      expect(mine).toMatchObject({
        companyName: 'Needs Help Vintage',
        step: 'marketplaces',
        contact: { email: 'help@vintage.test', name: 'Hal Helpme', role: 'Owner' },
      });
    });

    it('approve one: the seller is approved, and it leaves the pending list', async () => {
      const id = (await seller.client.get(BASE)).body.id as string;
      const approved = await staff.post(`${BASE}/${id}/approve`);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body).toMatchObject({ status: 'APPROVED', step: 'marketplaces' });
      expect((await seller.client.get(SESSION)).body.account.onboarding.status).toBe('APPROVED');
      expect((await seller.client.get(WORKFLOW)).body.crosslistWorkflow).toBe('import_from_csv');
      const listed = await staff.get(`${BASE}/pending`);
      expect(listed.body.data.map((o: { id: string }) => o.id)).not.toContain(id);
      expect((await staff.post(`${BASE}/${id}/approve`)).status).toBe(200);
      expect((await staff.post(`${BASE}/nosuchonboarding00000000/approve`)).status).toBe(404);
    });

    it('are the only ones who find the staff routes: everyone else gets 404', async () => {
      const other = await newSeller('Curious Owner');
      const id = (await other.client.get(BASE)).body.id as string;
      const member = await signIn(server, await addMember(server, other.account));
      const signedOut = new TestClient(server.baseUrl);
      for (const client of [other.client, member, signedOut]) {
        const asked = await client.get(`${BASE}/pending`);
        expect(asked.status).toBe(404);
        expect(asked.text).not.toContain('Needs Help Vintage');
      }
      const tried = await other.client.post(`${BASE}/${id}/approve`);
      expect(tried.status).toBe(404);
      expect((await other.client.get(BASE)).body.status).toBe('PENDING');
    });
  });

  describe('the Vestiaire Collective access request', () => {
    it('e-mails the request with the account and contact, and a confirmation to the seller', async () => {
      const { account, client } = await newSeller('Luxe Again');
      await client.put(BASE, { ...complete('contact') });
      const to = uniqueEmail('vestiaire');
      const sent = await client.post(`${BASE}/vestiaire/accesses`, { email: to });
      expect(sent.status, sent.text).toBe(200);
      expect(Date.parse(sent.body.vestiaireAccessRequestedAt)).not.toBeNaN();
      const request = lastMailTo(smtp, ACCESS_TO);
      expect(request.subject).toBe('Vestiaire Collective API access for Luxe Again');
      expect(request.text).toContain(account.accountId);
      expect(request.text).toContain(`Send the access to ${to}.`);
      expect(request.text).toContain('Contact: Ada Seller, Owner, ada@shop.test.');
      const confirmation = lastMailTo(smtp, to);
      expect(confirmation.subject).toBe('Your Vestiaire Collective access request was sent');
      expect(confirmation.text).toContain('Luxe Again');

      // Once per 15 minutes per account.
      const again = await client.post(`${BASE}/vestiaire/accesses`, { email: to });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/send it again in \d+ minutes?/);
    });

    it('refuses a bad address with a readable 400', async () => {
      const { client } = await newSeller();
      const response = await client.post(`${BASE}/vestiaire/accesses`, { email: 'nope' });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('Email must be a valid e-mail address');
    });

    it('frees the turn again when the request could not be sent', async () => {
      const { client } = await newSeller();
      smtp.refuseNext(550);
      const failed = await client.post(`${BASE}/vestiaire/accesses`, { email: uniqueEmail() });
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('onboarding/request-not-sent');
      expect((await client.get(BASE)).body.vestiaireAccessRequestedAt).toBeNull();
      const retried = await client.post(`${BASE}/vestiaire/accesses`, { email: uniqueEmail() });
      expect(retried.status, retried.text).toBe(200);
    });
  });
});

describe('onboarding without e-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
  });
  afterAll(() => server.close());

  it('answers 409 onboarding/email-off to the Vestiaire access request', async () => {
    const account = await createAccount(server);
    const client = await signIn(server, account);
    const response = await client.post(`${BASE}/vestiaire/accesses`, { email: 'a@b.test' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('onboarding/email-off');
  });
});
