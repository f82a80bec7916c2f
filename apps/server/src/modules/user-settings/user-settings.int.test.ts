import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_ACTIONS,
  MARKETPLACE_IDS,
  SessionStateSchema,
  UserSettingsSchema,
  type UserSettings,
} from '@listloop/domain';
import { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const SETTINGS = '/api/user/settings';
const SALE_DETECTION = '/api/rest/v1/enterprise/sale-detection/settings';

interface StoredRow {
  sale_detection: Record<string, unknown>;
  notifications: Record<string, unknown>;
  mercari_form: Record<string, unknown>;
  force_delist_relist: Record<string, unknown>;
}

describe('user settings (spec §3, §5, §7)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  const storedOf = async (userId: string) => {
    const [row] = await queryRows<StoredRow>(
      server,
      sql`SELECT sale_detection, notifications, mercari_form, force_delist_relist
          FROM user_settings WHERE user_id = ${userId}`,
    );
    return row;
  };
  const read = async (client: TestClient): Promise<UserSettings> => {
    const response = await client.get(SETTINGS);
    expect(response.status, response.text).toBe(200);
    return UserSettingsSchema.parse(response.body);
  };
  const put = (client: TestClient, body: unknown) => client.put(SETTINGS, body);

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('refuses a signed-out caller with 401', async () => {
    const anonymous = new TestClient(server.baseUrl);
    for (const [method, path, body] of [
      ['GET', SETTINGS, undefined],
      ['PUT', SETTINGS, { saleDetection: { ebay: { enabled: false } } }],
      ['PUT', SALE_DETECTION, { ebay: { enabled: false } }],
    ] as const) {
      const response = await anonymous.request(method, path, body ? { body } : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message).toBeTruthy();
    }
  });

  it('answers every key at its default for a new user', async () => {
    const fresh = await createAccount(server);
    const settings = await read(await signIn(server, fresh));
    expect(Object.keys(settings.saleDetection)).toEqual([...MARKETPLACE_IDS]);
    expect(Object.keys(settings.forceDelistRelist)).toEqual([...MARKETPLACE_IDS]);
    expect(Object.keys(settings.notifications)).toEqual([...BULK_ACTIONS]);
    for (const id of MARKETPLACE_IDS) {
      expect(settings.saleDetection[id]).toEqual({ enabled: true, dateEnabled: null });
      expect(settings.forceDelistRelist[id]).toEqual({ enabled: false, dateEnabled: null });
    }
    for (const action of BULK_ACTIONS) {
      expect(settings.notifications[action]).toEqual({ enabled: true, dateEnabled: null });
    }
    expect(settings.mercariForm).toEqual({ showSwitchShipping: true });
    // Nothing is stored until the user chooses.
    expect(await storedOf(fresh.userId)).toMatchObject({
      sale_detection: {},
      notifications: {},
      force_delist_relist: {},
    });
  });

  it('saves an update, answers the whole settings and reads it back', async () => {
    const response = await put(owner, {
      saleDetection: { ebay: { enabled: false } },
      notifications: { bulkDelete: { enabled: false } },
      mercariForm: { showSwitchShipping: false },
      forceDelistRelist: { poshmark: { enabled: true } },
    });
    expect(response.status, response.text).toBe(200);
    const answered = UserSettingsSchema.parse(response.body);
    expect(answered.saleDetection.ebay).toEqual({ enabled: false, dateEnabled: null });
    expect(answered.saleDetection.etsy).toEqual({ enabled: true, dateEnabled: null });
    expect(answered.notifications.bulkDelete).toEqual({ enabled: false, dateEnabled: null });
    expect(answered.notifications.bulkEdit.enabled).toBe(true);
    expect(answered.mercariForm).toEqual({ showSwitchShipping: false });
    expect(answered.forceDelistRelist.poshmark.enabled).toBe(true);
    expect(answered.forceDelistRelist.mercari.enabled).toBe(false);
    expect(await read(owner)).toEqual(answered);
  });

  it('changes only the sections and keys sent', async () => {
    const before = await read(owner);
    const response = await put(owner, { saleDetection: { etsy: { enabled: false } } });
    expect(response.status, response.text).toBe(200);
    const after = UserSettingsSchema.parse(response.body);
    expect(after.saleDetection.etsy.enabled).toBe(false);
    expect(after).toEqual({
      ...before,
      saleDetection: { ...before.saleDetection, etsy: { enabled: false, dateEnabled: null } },
    });
    const nothing = await put(owner, {});
    expect(nothing.status, nothing.text).toBe(200);
    expect(nothing.body).toEqual(after);
  });

  it('strips unknown keys, unknown marketplaces and unknown bulk actions', async () => {
    const response = await put(owner, {
      theme: 'dark',
      saleDetection: {
        grailed: { enabled: false, colour: 'red', dateEnabled: '1999-01-01T00:00:00.000Z' },
        amazon: { enabled: false },
        craigslist: 'anything at all',
      },
      forceDelistRelist: { vinted: { enabled: true }, walmart: { enabled: true } },
      notifications: { bulkList: { enabled: false }, bulkExplode: { enabled: false } },
      mercariForm: { showSwitchShipping: true, colour: 'blue' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).not.toHaveProperty('theme');
    expect(response.body.saleDetection).not.toHaveProperty('amazon');
    expect(response.body.saleDetection).not.toHaveProperty('craigslist');
    expect(response.body.saleDetection.grailed).toEqual({ enabled: false, dateEnabled: null });
    expect(response.body.forceDelistRelist).not.toHaveProperty('walmart');
    expect(response.body.forceDelistRelist.vinted.enabled).toBe(true);
    expect(response.body.notifications).not.toHaveProperty('bulkExplode');
    expect(response.body.notifications.bulkList.enabled).toBe(false);
    expect(response.body.mercariForm).toEqual({ showSwitchShipping: true });

    const stored = await storedOf(account.userId);
    const keys = (section: Record<string, unknown>) => Object.keys(section).sort();
    expect(keys(stored!.sale_detection)).toEqual(['ebay', 'etsy', 'grailed']);
    expect(stored!.sale_detection.grailed).toEqual({ enabled: false, dateEnabled: null });
    expect(keys(stored!.force_delist_relist)).toEqual(['poshmark', 'vinted']);
    expect(keys(stored!.notifications)).toEqual(['bulkDelete', 'bulkList']);
    expect(stored!.mercari_form).toEqual({ showSwitchShipping: true });
  });

  it('reads boolean-like values: a non-empty string is true, the empty string false', async () => {
    const response = await put(owner, {
      saleDetection: { depop: { enabled: '' }, ebay: { enabled: 'false' } },
      notifications: { bulkEdit: { enabled: '' }, bulkDelete: { enabled: 'yes' } },
      mercariForm: { showSwitchShipping: '' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.saleDetection.depop.enabled).toBe(false);
    expect(response.body.saleDetection.ebay.enabled).toBe(true);
    expect(response.body.notifications.bulkEdit.enabled).toBe(false);
    expect(response.body.notifications.bulkDelete.enabled).toBe(true);
    expect(response.body.mercariForm.showSwitchShipping).toBe(false);

    const on = await put(owner, { mercariForm: { showSwitchShipping: 'on' } });
    expect(on.body.mercariForm.showSwitchShipping).toBe(true);
  });

  it('refuses an invalid value with the label’s message, or "This", and changes nothing', async () => {
    const before = await read(owner);

    const labelled = await put(owner, {
      saleDetection: { shopify: { enabled: false } },
      mercariForm: { showSwitchShipping: 1 },
    });
    expect(labelled.status).toBe(400);
    expect(labelled.body.issues).toEqual([
      {
        path: 'mercariForm.showSwitchShipping',
        message: 'Show switch shipping has an invalid value',
      },
    ]);
    expect(labelled.body.message).toBe(
      'mercariForm.showSwitchShipping: Show switch shipping has an invalid value',
    );

    const unlabelled = await put(owner, { saleDetection: { shopify: { enabled: null } } });
    expect(unlabelled.status).toBe(400);
    expect(unlabelled.body.issues).toEqual([
      { path: 'saleDetection.shopify.enabled', message: 'This has an invalid value' },
    ]);

    const viaSaleDetection = await owner.put(SALE_DETECTION, { shopify: { enabled: [true] } });
    expect(viaSaleDetection.status).toBe(400);
    expect(viaSaleDetection.body.issues).toEqual([
      { path: 'shopify.enabled', message: 'This has an invalid value' },
    ]);

    const notAnEntry = await put(owner, { notifications: { bulkList: true } });
    expect(notAnEntry.status).toBe(400);
    expect(notAnEntry.body.issues).toEqual([
      { path: 'notifications.bulkList', message: 'This has an invalid value' },
    ]);

    const missing = await put(owner, { forceDelistRelist: { ebay: {} } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([
      { path: 'forceDelistRelist.ebay.enabled', message: 'This is required' },
    ]);

    for (const body of [[1, 2], 'on', { saleDetection: ['ebay'] }]) {
      const wrong = await put(owner, body);
      expect(wrong.status, JSON.stringify(body)).toBe(400);
      expect(wrong.body.message).toBeTruthy();
    }
    expect(await read(owner)).toEqual(before);
  });

  it('dates an entry when it turns on, keeps the date while it stays on, clears it when off', async () => {
    const turnOn = Date.now();
    const on = await put(owner, { forceDelistRelist: { etsy: { enabled: true } } });
    expect(on.status, on.text).toBe(200);
    const since = on.body.forceDelistRelist.etsy.dateEnabled as string;
    expect(Date.parse(since)).toBeGreaterThanOrEqual(turnOn - 1000);
    expect(Date.parse(since)).toBeLessThanOrEqual(Date.now() + 1000);

    // Still on, even when the client sends a date of its own: the server's date stays.
    const again = await put(owner, {
      forceDelistRelist: { etsy: { enabled: 'yes', dateEnabled: '2001-01-01T00:00:00.000Z' } },
    });
    expect(again.body.forceDelistRelist.etsy).toEqual({ enabled: true, dateEnabled: since });

    const off = await put(owner, { forceDelistRelist: { etsy: { enabled: false } } });
    expect(off.body.forceDelistRelist.etsy).toEqual({ enabled: false, dateEnabled: null });

    await new Promise((resolve) => setTimeout(resolve, 20));
    const back = await put(owner, { forceDelistRelist: { etsy: { enabled: true } } });
    const resumed = back.body.forceDelistRelist.etsy.dateEnabled as string;
    expect(Date.parse(resumed)).toBeGreaterThan(Date.parse(since));
    expect((await read(owner)).forceDelistRelist.etsy).toEqual({
      enabled: true,
      dateEnabled: resumed,
    });
  });

  it('saves two switches sent at the same moment, neither losing the other', async () => {
    const responses = await Promise.all([
      put(owner, { notifications: { bulkCopyItems: { enabled: false } } }),
      put(owner, { notifications: { bulkDelist: { enabled: false } } }),
      owner.put(SALE_DETECTION, { whatnot: { enabled: false } }),
    ]);
    for (const response of responses) expect(response.status, response.text).toBe(200);
    const settings = await read(owner);
    expect(settings.notifications.bulkCopyItems.enabled).toBe(false);
    expect(settings.notifications.bulkDelist.enabled).toBe(false);
    expect(settings.saleDetection.whatnot.enabled).toBe(false);
  });

  describe('PUT /api/rest/v1/enterprise/sale-detection/settings', () => {
    let seller: AccountFixture;
    let client: TestClient;

    beforeAll(async () => {
      seller = await createAccount(server);
      client = await signIn(server, seller);
    });

    it('takes the saleDetection map and answers it whole, unknown marketplaces dropped', async () => {
      const turnOn = Date.now();
      const response = await client.put(SALE_DETECTION, {
        mercari: { enabled: false },
        vinted: { enabled: true },
        amazon: { enabled: false },
      });
      expect(response.status, response.text).toBe(200);
      expect(Object.keys(response.body)).toEqual(['saleDetection']);
      const { saleDetection } = response.body;
      expect(Object.keys(saleDetection)).toEqual([...MARKETPLACE_IDS]);
      expect(saleDetection.mercari).toEqual({ enabled: false, dateEnabled: null });
      expect(saleDetection.vinted.enabled).toBe(true);
      expect(Date.parse(saleDetection.vinted.dateEnabled)).toBeGreaterThanOrEqual(turnOn - 1000);
      expect(saleDetection.ebay).toEqual({ enabled: true, dateEnabled: null });

      // The same settings through the user's settings and the session state.
      const settings = await read(client);
      expect(settings.saleDetection).toEqual(saleDetection);
      expect(settings.forceDelistRelist.mercari.enabled).toBe(false);
      const session = SessionStateSchema.parse(
        (await client.get('/api/rest/v1/auth/session')).body,
      );
      expect(session.saleDetection).toEqual(saleDetection);

      // Marketplaces left out keep their setting.
      const next = await client.put(SALE_DETECTION, { ebay: { enabled: '' } });
      expect(next.body.saleDetection.ebay.enabled).toBe(false);
      expect(next.body.saleDetection.mercari.enabled).toBe(false);
      expect(next.body.saleDetection.vinted).toEqual(saleDetection.vinted);
    });

    it('gives the other modules the item owner’s settings, with defaults for the rest', async () => {
      const service = server.container.services.userSettings;
      await client.put(SETTINGS, {
        saleDetection: { poshmark: { enabled: false } },
        forceDelistRelist: { depop: { enabled: true } },
        notifications: { bulkEditLabels: { enabled: false } },
      });
      const saleDetection = await service.saleDetectionFor(seller.accountId, seller.userId);
      expect(saleDetection.poshmark.enabled).toBe(false);
      expect(saleDetection.ebay.enabled).toBe(false);
      expect(saleDetection.etsy).toEqual({ enabled: true, dateEnabled: null });
      const force = await service.forceDelistRelistFor(seller.accountId, seller.userId);
      expect(force.depop.enabled).toBe(true);
      expect(force.ebay.enabled).toBe(false);
      const notifications = await service.notificationsFor(seller.accountId, seller.userId);
      expect(notifications.bulkEditLabels.enabled).toBe(false);
      expect(notifications.bulkList.enabled).toBe(true);

      // A member of the account who never chose anything: auto-delist everywhere.
      const member = await addMember(server, seller);
      const memberSettings = await service.saleDetectionFor(seller.accountId, member.userId);
      expect(Object.values(memberSettings).every((entry) => entry.enabled)).toBe(true);

      // Asked in the name of an account the user is not in: that account has no such seller.
      const elsewhere = await service.saleDetectionFor(account.accountId, seller.userId);
      expect(elsewhere.poshmark).toEqual({ enabled: true, dateEnabled: null });
    });
  });

  describe('dictation at the photo step (spec §3 account user showSpeechAtPhotoStep)', () => {
    it('is the member’s own, in the current account, and the session says it', async () => {
      const seller = await createAccount(server);
      const client = await signIn(server, seller);
      const member = await addMember(server, seller);
      const memberClient = await signIn(server, member);
      expect((await read(client)).showSpeechAtPhotoStep).toBe('disabled');

      const on = await put(client, { showSpeechAtPhotoStep: 'speech_at_photo_step' });
      expect(on.status, on.text).toBe(200);
      expect(on.body.showSpeechAtPhotoStep).toBe('speech_at_photo_step');
      expect((await read(client)).showSpeechAtPhotoStep).toBe('speech_at_photo_step');
      const session = SessionStateSchema.parse(
        (await client.get('/api/rest/v1/auth/session')).body,
      );
      expect(session.currentAccountUser.showSpeechAtPhotoStep).toBe('speech_at_photo_step');
      // Another member of the account keeps theirs.
      expect((await read(memberClient)).showSpeechAtPhotoStep).toBe('disabled');

      // Another section saved alone leaves it as it is.
      await put(client, { notifications: { bulkList: { enabled: false } } });
      expect((await read(client)).showSpeechAtPhotoStep).toBe('speech_at_photo_step');

      const refused = await put(client, { showSpeechAtPhotoStep: 'always' });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([
        {
          path: 'showSpeechAtPhotoStep',
          message: 'Dictation at the photo step has an invalid value',
        },
      ]);
      const off = await put(client, { showSpeechAtPhotoStep: 'disabled' });
      expect(off.body.showSpeechAtPhotoStep).toBe('disabled');
    });
  });

  describe('settings are the caller’s own', () => {
    it('a member of the same account, and a user of another account, change only theirs', async () => {
      const ownerBefore = await read(owner);
      const member = await addMember(server, account);
      const memberClient = await signIn(server, member);
      const intruderAccount = await createAccount(server);
      const intruder = await signIn(server, intruderAccount);

      // Each starts from the defaults, not the owner's choices.
      expect((await read(memberClient)).saleDetection.grailed.enabled).toBe(true);
      expect((await read(intruder)).saleDetection.grailed.enabled).toBe(true);

      const memberPut = await put(memberClient, {
        saleDetection: { facebook: { enabled: false } },
      });
      expect(memberPut.status).toBe(200);
      const intruderPut = await intruder.put(SALE_DETECTION, { vestiaire: { enabled: false } });
      expect(intruderPut.status).toBe(200);

      expect(await read(owner)).toEqual(ownerBefore);
      expect((await read(memberClient)).saleDetection.facebook.enabled).toBe(false);
      expect((await read(intruder)).saleDetection.vestiaire.enabled).toBe(false);
      expect((await read(intruder)).saleDetection.facebook.enabled).toBe(true);
    });
  });
});
