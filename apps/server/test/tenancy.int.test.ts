/// <reference types="vite/client" />
import { expect } from 'vitest';
import { TestClient } from './client';
import { connectMarketplace } from './connections';
import { makeJpeg, tusCreate, tusHead, tusUpload } from './images';
import { describeTenancy, type TenancyCase, type Victim } from './tenancy';

const ROLES = '/api/rest/v1/enterprise/roles';
const USERS = '/api/rest/v1/enterprise/account-users';

async function roleUnchanged(victim: Victim) {
  const response = await victim.client.get(`${ROLES}/find-one?id=${victim.role.id}`);
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({
    name: victim.role.name,
    members: [victim.member.userId],
  });
}

async function membersUnchanged(victim: Victim) {
  const response = await victim.client.get(USERS);
  const byUser = new Map(
    (response.body.data as { userId: string; status: string }[]).map((u) => [u.userId, u.status]),
  );
  expect(byUser.get(victim.member.userId)).toBe('active');
  expect(byUser.get(victim.pendingMember.userId)).toBe('pending');
}

/** An unfinished upload of the victim's, made once. */
let victimUpload: Promise<string> | null = null;
function uploadOf(victim: Victim): Promise<string> {
  victimUpload ??= tusCreate(victim.client.baseUrl, victim.client, {
    length: 1000,
    metadata: { filename: 'victim.jpeg', filetype: 'image/jpeg' },
  }).then((created) => created.headers.get('location')!);
  return victimUpload;
}

async function uploadUnchanged(victim: Victim) {
  const head = await tusHead(victim.client.baseUrl, victim.client, await uploadOf(victim));
  expect(head.status).toBe(200);
  expect(head.headers.get('upload-offset')).toBe('0');
}

/** A finished upload of the victim's: an image, made once. */
let victimImage: Promise<{ id: string; url: string }> | null = null;
function imageOf(victim: Victim) {
  victimImage ??= makeJpeg({ width: 64, height: 48 })
    .then((bytes) => tusUpload(victim.client, bytes))
    .then(async ({ imageId }) => {
      const record = await victim.client.get(`/api/uploads/images/${imageId}`);
      return { id: imageId!, url: record.body.image.url as string };
    });
  return victimImage;
}

const ITEM = '/api/account/item';
const REST_ITEM = '/api/rest/v1/item';
const LABEL = '/api/account/label';
const IMPORT = '/api/rest/v1/enterprise/item-import';
const VICTIM_SKU = 'VICTIM-SKU-1';

/** An item of the victim's, with a label (so a label too), made once. */
let victimItem: Promise<{ itemID: string; labelId: string }> | null = null;
function itemOf(victim: Victim) {
  victimItem ??= (async () => {
    const created = await victim.client.post(ITEM, {
      generalDetails: { title: 'Victim item', sku: VICTIM_SKU, price: 10 },
      labels: ['victim label'],
    });
    expect(created.status, created.text).toBe(201);
    const labels = await victim.client.get(`${LABEL}/${victim.account.userId}`);
    const label = (labels.body.labels as { id: string; name: string }[]).find(
      (l) => l.name === 'victim label',
    );
    return { itemID: created.body.item.itemID as string, labelId: label!.id };
  })();
  return victimItem;
}

async function itemUnchanged(victim: Victim) {
  const { itemID } = await itemOf(victim);
  const response = await victim.client.get(`${ITEM}/${victim.account.userId}/${itemID}`);
  expect(response.status).toBe(200);
  expect(response.body.item.generalDetails).toMatchObject({
    title: 'Victim item',
    sku: VICTIM_SKU,
    price: 10,
    weight: { pounds: 0, ounces: 0 },
  });
  expect(response.body.item.labels).toEqual(['victim label']);
  expect(response.body.item.listings).toEqual({});
  const list = await victim.client.get(ITEM);
  expect(list.body.total).toBe(1);
  const labels = await victim.client.get(`${LABEL}/${victim.account.userId}`);
  expect(labels.body.labels.map((l: { name: string }) => l.name)).toEqual(['victim label']);
}

const MAPPING_RULE = '/api/account/mappingRule';
const PRICING_RULE = '/api/account/pricingRule';
const DEFAULTS = '/api/account/defaults';

/** The victim's mapping rule, pricing rule and defaults for Mercari, made once. */
let victimRules: Promise<{ mappingRuleId: string }> | null = null;
function rulesOf(victim: Victim) {
  victimRules ??= (async () => {
    const mapping = await victim.client.put(`${MAPPING_RULE}/mercari`, {
      rules: [{ field: 'brand', from: 'victim brand', to: 'Victim Brand' }],
    });
    expect(mapping.status, mapping.text).toBe(200);
    const pricing = await victim.client.put(`${PRICING_RULE}/mercari`, {
      pricingRule: { adjustmentPercent: 12, rounding: 'up_to_99' },
    });
    expect(pricing.status, pricing.text).toBe(200);
    const defaults = await victim.client.put(`${DEFAULTS}/mercari`, {
      defaults: { shipping: { service: 'victim service' } },
    });
    expect(defaults.status, defaults.text).toBe(200);
    return { mappingRuleId: mapping.body.mappingRules.rules[0].id as string };
  })();
  return victimRules;
}

async function rulesUnchanged(victim: Victim) {
  const { mappingRuleId } = await rulesOf(victim);
  const mapping = await victim.client.get(`${MAPPING_RULE}/mercari`);
  expect(mapping.body.mappingRules.rules).toEqual([
    {
      id: mappingRuleId,
      field: 'brand',
      from: 'victim brand',
      to: 'Victim Brand',
      match: 'case_insensitive',
    },
  ]);
  const pricing = await victim.client.get(`${PRICING_RULE}/mercari`);
  expect(pricing.body.pricingRule).toMatchObject({ adjustmentPercent: 12, rounding: 'up_to_99' });
  const defaults = await victim.client.get(`${DEFAULTS}/mercari`);
  expect(defaults.body.defaults.shipping.service).toBe('victim service');
}

/** A previewed import of the victim's, made once. */
let victimImport: Promise<string> | null = null;
function importOf(victim: Victim) {
  victimImport ??= victim.client
    .post(`${IMPORT}/normalize`, { fileName: 'victim.csv', csv: 'sku,title\nV-1,Victim row\n' })
    .then((response) => response.body.importId as string);
  return victimImport;
}

async function importUnchanged(victim: Victim) {
  const response = await victim.client.get(`${IMPORT}/${await importOf(victim)}`);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ status: 'previewed', processedRows: 0 });
}

/**
 * Every route of the table, tried by a user of another account. Later issues add their
 * routes here: a route missing from both lists fails the suite.
 */
const cases: TenancyCase[] = [
  {
    route: `GET ${ROLES}`,
    title: 'lists only the caller’s roles',
    request: () => ({ path: ROLES }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(victim.role.id);
    },
  },
  {
    route: `GET ${ROLES}/find-one`,
    title: 'cannot read a role of another account',
    request: (victim) => ({ path: `${ROLES}/find-one?id=${victim.role.id}` }),
  },
  {
    route: `PUT ${ROLES}`,
    title: 'cannot save over a role of another account',
    request: (victim) => ({
      path: ROLES,
      body: { id: victim.role.id, name: 'hijacked', permissions: { 'team.manage': true } },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${ROLES}/assign-members`,
    title: 'cannot give a role of another account to anybody',
    request: (victim, intruder) => ({
      path: `${ROLES}/assign-members`,
      body: { roleId: victim.role.id, userIds: [intruder.account.userId] },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${ROLES}/assign-members`,
    title: 'cannot give its own role to a member of another account',
    request: (victim, intruder) => ({
      path: `${ROLES}/assign-members`,
      body: { roleId: intruder.role.id, userIds: [victim.member.userId] },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `DELETE ${ROLES}/:id`,
    title: 'cannot remove a role of another account',
    request: (victim) => ({ path: `${ROLES}/${victim.role.id}` }),
    unchanged: roleUnchanged,
  },
  {
    route: `GET ${USERS}`,
    title: 'lists only the caller’s team',
    request: () => ({ path: USERS }),
    check: (response, victim) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(victim.member.email);
      expect(response.text).not.toContain(victim.account.accountId);
    },
  },
  {
    route: `PUT ${USERS}/update-status`,
    title: 'cannot deactivate a member of another account',
    request: (victim) => ({
      path: `${USERS}/update-status`,
      body: { userId: victim.member.userId, status: 'inactive' },
    }),
    unchanged: membersUnchanged,
  },
  {
    route: `POST ${USERS}/:userId/invite`,
    title: 'cannot re-invite (and so reset the password of) a member of another account',
    request: (victim) => ({ path: `${USERS}/${victim.pendingMember.userId}/invite` }),
    unchanged: membersUnchanged,
  },
  {
    route: `DELETE ${USERS}/:userId`,
    title: 'cannot remove a member of another account',
    request: (victim) => ({ path: `${USERS}/${victim.member.userId}` }),
    unchanged: membersUnchanged,
  },
  {
    route: 'POST /api/account-users/create-with-temporary-password',
    title: 'cannot create a member holding a role of another account',
    request: (victim) => ({
      path: '/api/account-users/create-with-temporary-password',
      body: { email: 'sneaky@example.test', roleId: victim.role.id },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: `POST ${USERS}/bulk-create-by-email`,
    title: 'cannot create members holding a role of another account',
    request: (victim) => ({
      path: `${USERS}/bulk-create-by-email`,
      body: { emails: ['sneaky2@example.test'], roleId: victim.role.id },
    }),
    unchanged: roleUnchanged,
  },
  {
    route: 'PATCH /api/uploads/*',
    title: 'cannot send bytes into an upload of another account',
    request: async (victim) => ({ path: await uploadOf(victim) }),
    unchanged: uploadUnchanged,
  },
  {
    route: 'DELETE /api/uploads/*',
    title: 'cannot cancel an upload of another account',
    request: async (victim) => ({ path: await uploadOf(victim) }),
    unchanged: uploadUnchanged,
  },
  {
    route: 'GET /api/uploads/images/:imageId',
    title: 'cannot read the record of an image of another account',
    request: async (victim) => ({ path: `/api/uploads/images/${(await imageOf(victim)).id}` }),
  },
  {
    route: 'GET /api/images/*',
    title: 'cannot see an image of another account, resized or not',
    request: async (victim) => ({ path: `${(await imageOf(victim)).url}?width=100` }),
    unchanged: async (victim) => {
      const { url } = await imageOf(victim);
      expect((await victim.client.get(url)).status).toBe(200);
    },
  },
  {
    route: `POST ${ITEM}`,
    title: 'cannot create an item in the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return {
        path: ITEM,
        body: { userId: victim.account.userId, generalDetails: { title: 'planted' } },
      };
    },
    unchanged: itemUnchanged,
  },
  {
    route: `GET ${ITEM}`,
    title: 'cannot list the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}?userId=${victim.account.userId}` };
    },
  },
  {
    route: `GET ${ITEM}`,
    title: 'lists only the caller’s own items, whatever the search',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}?q=victim` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(0);
      expect(response.text).not.toContain(VICTIM_SKU);
    },
  },
  {
    route: `GET ${ITEM}/total`,
    title: 'cannot count the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}/total?userId=${victim.account.userId}` };
    },
  },
  {
    route: `GET ${ITEM}/total`,
    title: 'counts only the caller’s own items, whatever the search',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}/total?q=victim` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ total: 0, totalCapped: false });
    },
  },
  {
    route: `GET ${ITEM}/export`,
    title: 'cannot export the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}/export?userId=${victim.account.userId}` };
    },
  },
  {
    route: `GET ${ITEM}/:userId/:itemId`,
    title: 'cannot read an item of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/${(await itemOf(victim)).itemID}`,
    }),
  },
  {
    route: `GET ${ITEM}/:userId/:itemId`,
    title: 'cannot read an item of another account under its own user id',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/${(await itemOf(victim)).itemID}`,
    }),
  },
  {
    route: `PATCH ${ITEM}/:userId/:itemId/field`,
    title: 'cannot change fields of an item of another account',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/${(await itemOf(victim)).itemID}/field`,
      body: { changes: { 'generalDetails.title': 'hijacked' } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/:itemId/general-details`,
    title: 'cannot save the general details of an item of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/${(await itemOf(victim)).itemID}/general-details`,
      body: { generalDetails: { title: 'hijacked' } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/:itemId/listing/:marketplaceId`,
    title: 'cannot save a listing of an item of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/${(await itemOf(victim)).itemID}/listing/ebay`,
      body: { listing: { price: 1 } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/:itemId/listings`,
    title: 'cannot save the listings of an item of another account',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/${(await itemOf(victim)).itemID}/listings`,
      body: { listings: { ebay: { price: 1 } } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `DELETE ${ITEM}/:userId/:itemId`,
    title: 'cannot delete an item of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/${(await itemOf(victim)).itemID}`,
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `DELETE ${ITEM}/:userId/:itemId`,
    title: 'cannot delete an item of another account under its own user id',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/${(await itemOf(victim)).itemID}`,
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${ITEM}/:userId/bulk-items`,
    title: 'cannot bulk-edit the inventory of another account’s user',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/bulk-items`,
      body: { itemIds: [(await itemOf(victim)).itemID], changes: { price: 1 } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${ITEM}/:userId/bulk-items`,
    title: 'finds no item of another account among its own',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/bulk-items`,
      body: { itemIds: [(await itemOf(victim)).itemID], changes: { price: 1, addLabels: ['x'] } },
    }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.updated).toBe(0);
      expect(response.body.failed).toHaveLength(1);
    },
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${REST_ITEM}/set-labels-by-sku-list`,
    title: 'cannot label the items of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return {
        path: `${REST_ITEM}/set-labels-by-sku-list`,
        body: { userId: victim.account.userId, skus: [VICTIM_SKU], labels: ['hijacked'] },
      };
    },
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${REST_ITEM}/set-labels-by-sku-list`,
    title: 'finds no SKU of another account among its own',
    request: async (victim) => {
      await itemOf(victim);
      return {
        path: `${REST_ITEM}/set-labels-by-sku-list`,
        body: { skus: [VICTIM_SKU], labels: ['hijacked'], mode: 'replace' },
      };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ updated: 0, notFound: [VICTIM_SKU] });
    },
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${REST_ITEM}/set-package-dimensions-and-weight`,
    title: 'cannot weigh the items of another account’s user',
    request: async (victim) => ({
      path: `${REST_ITEM}/set-package-dimensions-and-weight`,
      body: {
        userId: victim.account.userId,
        itemIds: [(await itemOf(victim)).itemID],
        weight: { pounds: 9, ounces: 9 },
      },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${REST_ITEM}/set-package-dimensions-and-weight`,
    title: 'finds no item of another account among its own',
    request: async (victim) => ({
      path: `${REST_ITEM}/set-package-dimensions-and-weight`,
      body: {
        skus: [VICTIM_SKU],
        itemIds: [(await itemOf(victim)).itemID],
        weight: { pounds: 9, ounces: 9 },
      },
    }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.updated).toBe(0);
    },
    unchanged: itemUnchanged,
  },
  {
    route: `GET ${LABEL}/:userId`,
    title: 'cannot list the labels of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${LABEL}/${victim.account.userId}` };
    },
  },
  {
    route: `POST ${LABEL}/:userId`,
    title: 'cannot create a label for another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${LABEL}/${victim.account.userId}`, body: { name: 'planted' } };
    },
    unchanged: itemUnchanged,
  },
  {
    route: `PUT ${LABEL}/:userId/:labelId`,
    title: 'cannot rename a label of another account',
    request: async (victim) => ({
      path: `${LABEL}/${victim.account.userId}/${(await itemOf(victim)).labelId}`,
      body: { dataToUpdate: { name: 'hijacked' } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PUT ${LABEL}/:userId/:labelId`,
    title: 'cannot rename a label of another account under its own user id',
    request: async (victim, intruder) => ({
      path: `${LABEL}/${intruder.account.userId}/${(await itemOf(victim)).labelId}`,
      body: { dataToUpdate: { name: 'hijacked' } },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `DELETE ${LABEL}/:userId/:labelId`,
    title: 'cannot delete a label of another account',
    request: async (victim, intruder) => ({
      path: `${LABEL}/${intruder.account.userId}/${(await itemOf(victim)).labelId}`,
    }),
    unchanged: itemUnchanged,
  },
  {
    route: 'PUT /api/account/variants/options',
    title: 'saves the caller’s own options, never another account’s',
    request: () => ({
      path: '/api/account/variants/options',
      body: { sizes: ['Hijacked'], colors: [] },
    }),
    check: (response) => expect(response.status).toBe(200),
    unchanged: async (victim) => {
      const response = await victim.client.get('/api/account/variants/options');
      expect(response.body.options).toEqual({ sizes: [], colors: [] });
    },
  },
  {
    route: `POST ${IMPORT}/normalize`,
    title: 'cannot import into the inventory of another account’s user',
    request: (victim) => ({
      path: `${IMPORT}/normalize?userId=${victim.account.userId}`,
      body: { csv: 'sku,title\nX-1,Planted\n' },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `POST ${IMPORT}/:importId/start`,
    title: 'cannot start an import of another account',
    request: async (victim) => ({ path: `${IMPORT}/${await importOf(victim)}/start`, body: {} }),
    unchanged: importUnchanged,
  },
  {
    route: `GET ${IMPORT}/:importId`,
    title: 'cannot read an import of another account',
    request: async (victim) => ({ path: `${IMPORT}/${await importOf(victim)}` }),
  },
  {
    route: `GET ${MAPPING_RULE}/:marketplaceId`,
    title: 'lists only the caller’s mapping rules',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${MAPPING_RULE}/mercari` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('victim brand');
    },
  },
  {
    route: `PUT ${MAPPING_RULE}/:marketplaceId`,
    title: 'cannot replace a mapping rule of another account',
    request: async (victim) => ({
      path: `${MAPPING_RULE}/mercari`,
      body: {
        rules: [
          { id: (await rulesOf(victim)).mappingRuleId, field: 'brand', from: 'x', to: 'hijacked' },
        ],
      },
    }),
    unchanged: rulesUnchanged,
  },
  {
    route: `DELETE ${MAPPING_RULE}/:marketplaceId/:mappingRuleId`,
    title: 'cannot delete a mapping rule of another account',
    request: async (victim) => ({
      path: `${MAPPING_RULE}/mercari/${(await rulesOf(victim)).mappingRuleId}`,
    }),
    unchanged: rulesUnchanged,
  },
  {
    route: `GET ${PRICING_RULE}/:marketplaceId`,
    title: 'reads only the caller’s pricing rule',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${PRICING_RULE}/mercari` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.pricingRule?.adjustmentPercent).not.toBe(12);
    },
  },
  {
    route: `PUT ${PRICING_RULE}/:marketplaceId`,
    title: 'sets the caller’s own pricing rule, never another account’s',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${PRICING_RULE}/mercari`, body: { pricingRule: { adjustmentPercent: -50 } } };
    },
    check: (response) => expect(response.status).toBe(200),
    unchanged: rulesUnchanged,
  },
  {
    route: `DELETE ${PRICING_RULE}/:marketplaceId`,
    title: 'removes the caller’s own pricing rule, never another account’s',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${PRICING_RULE}/mercari` };
    },
    check: (response) => expect(response.status).toBe(204),
    unchanged: rulesUnchanged,
  },
  {
    route: `GET ${DEFAULTS}/:marketplaceId`,
    title: 'reads only the caller’s defaults',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${DEFAULTS}/mercari` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('victim service');
    },
  },
  {
    route: `PUT ${DEFAULTS}/:marketplaceId`,
    title: 'sets the caller’s own defaults, never another account’s',
    request: async (victim) => {
      await rulesOf(victim);
      return { path: `${DEFAULTS}/mercari`, body: { defaults: { handlingDays: 9 } } };
    },
    check: (response) => expect(response.status).toBe(200),
    unchanged: rulesUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/preview`,
    title: 'cannot preview the listings of another account’s item',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/${(await itemOf(victim)).itemID}/preview`,
      body: { marketplaces: ['mercari'] },
    }),
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/preview`,
    title: 'cannot preview another account’s item under its own user id',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/${(await itemOf(victim)).itemID}/preview`,
      body: { marketplaces: ['mercari'] },
    }),
  },
];

const CONNECTION = '/api/rest/v1/enterprise/connection';
const CREDENTIALS = '/integration-:marketplaceId/v1/credentials';
const VICTIM_TOKEN = 'victim-access-token-0123456789-ZZZZ';

/** A connection of the victim's with credentials, made once. */
let victimConnection: Promise<string> | null = null;
function connectionOf(victim: Victim) {
  victimConnection ??= (async () => {
    const id = `victimconnection${'0'.repeat(8)}`;
    const created = await victim.client.put(`${CONNECTION}/${id}`, {
      marketplace: 'ebay',
      nickname: 'Victim eBay',
    });
    expect(created.status, created.text).toBe(201);
    const stored = await victim.client.put('/integration-ebay/v1/credentials', {
      connectionId: id,
      credentials: { marketplaceAccount: { marketplaceID: 'ebay' }, accessToken: VICTIM_TOKEN },
    });
    expect(stored.status, stored.text).toBe(200);
    return id;
  })();
  return victimConnection;
}

async function connectionUnchanged(victim: Victim) {
  const id = await connectionOf(victim);
  const list = await victim.client.get(CONNECTION);
  expect(list.status).toBe(200);
  // The victim's other connections (its Facebook account, for the listing cases) aside.
  const ebay = (list.body.connections as { marketplace: string }[]).filter(
    (connection) => connection.marketplace === 'ebay',
  );
  expect(ebay).toEqual([
    expect.objectContaining({
      id,
      nickname: 'Victim eBay',
      status: 'connected',
      credentialHint: 'ZZZZ',
    }),
  ]);
  const credentials = await victim.client.get(
    `/integration-ebay/v1/credentials/${victim.account.accountId}`,
  );
  expect(credentials.body.credentials).toHaveLength(1);
}

cases.push(
  {
    route: `GET ${CONNECTION}`,
    title: 'lists only the caller’s connections',
    request: async (victim) => {
      await connectionOf(victim);
      return { path: CONNECTION };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('Victim eBay');
      expect(response.text).not.toContain('victimconnection');
    },
  },
  {
    route: `PUT ${CONNECTION}/:id`,
    title: 'cannot rename, nor take over by creating, a connection of another account',
    request: async (victim) => ({
      path: `${CONNECTION}/${await connectionOf(victim)}`,
      body: { marketplace: 'ebay', nickname: 'hijacked', status: 'disconnected' },
    }),
    unchanged: connectionUnchanged,
  },
  {
    route: `DELETE ${CONNECTION}/:id`,
    title: 'cannot remove a connection of another account',
    request: async (victim) => ({ path: `${CONNECTION}/${await connectionOf(victim)}` }),
    unchanged: connectionUnchanged,
  },
  {
    route: `PUT ${CREDENTIALS}`,
    title: 'cannot store credentials on a connection of another account',
    request: async (victim) => ({
      path: '/integration-ebay/v1/credentials',
      body: {
        connectionId: await connectionOf(victim),
        credentials: {
          marketplaceAccount: { marketplaceID: 'ebay' },
          accessToken: 'intruder-token-AAAA',
        },
      },
    }),
    unchanged: connectionUnchanged,
  },
  {
    route: `GET ${CREDENTIALS}/:accountId`,
    title: 'cannot read the credentials of another account, even masked',
    request: async (victim) => {
      await connectionOf(victim);
      return { path: `/integration-ebay/v1/credentials/${victim.account.accountId}` };
    },
    check: (response) => {
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('ZZZZ');
      expect(response.text).not.toContain(VICTIM_TOKEN);
    },
  },
  {
    route: `DELETE ${CREDENTIALS}/:accountId`,
    title: 'cannot forget the credentials of another account',
    request: async (victim) => {
      await connectionOf(victim);
      return { path: `/integration-ebay/v1/credentials/${victim.account.accountId}` };
    },
    unchanged: connectionUnchanged,
  },
);

/**
 * A queued extension operation of the victim's, on an item of the victim's team member (so the
 * owner's own item and inventory stay as `itemUnchanged` expects), made once.
 */
let victimOperation: Promise<{ itemID: string; operationId: string }> | null = null;
function operationOf(victim: Victim) {
  victimOperation ??= (async () => {
    const created = await victim.client.post(ITEM, {
      userId: victim.member.userId,
      generalDetails: { ...VICTIM_LISTING_DETAILS, sku: 'VICTIM-LISTING-1' },
    });
    expect(created.status, created.text).toBe(201);
    const itemID = created.body.item.itemID as string;
    // The victim's Facebook account, connected for the browser extension.
    await connectMarketplace(victim.client, 'facebook');
    const queued = await victim.client.put(`${REST_ITEM}/${itemID}/status`, {
      userId: victim.member.userId,
      marketplace: 'facebook',
      status: 'queue',
    });
    expect(queued.status, queued.text).toBe(202);
    return { itemID, operationId: queued.body.operation.operationId as string };
  })();
  return victimOperation;
}

const VICTIM_LISTING_DETAILS = {
  images: [{ id: 'img-1', url: 'https://images.example.test/1.jpg' }],
  title: 'Victim listed jacket',
  description: 'Blue, barely worn.',
  brand: "Levi's",
  condition: 'good',
  price: 45,
  category: 'Clothing > Men > Coats & Jackets',
  weight: { pounds: 1, ounces: 4 },
};

async function operationUnchanged(victim: Victim) {
  const { itemID, operationId } = await operationOf(victim);
  const response = await victim.client.get(`${ITEM}/${victim.member.userId}/${itemID}`);
  expect(response.status).toBe(200);
  expect(response.body.item.listings.facebook).toMatchObject({
    status: 'queued',
    pendingOperation: 'list',
    listedID: null,
  });
  const history = await victim.client.get(
    `${ITEM}/${victim.member.userId}/${itemID}/listing-history`,
  );
  expect(history.body.events).toHaveLength(1);
  expect(operationId).toBeTruthy();
}

/** The victim's operation as it was, and not held for its seller (needs you). */
async function operationNotHeld(victim: Victim) {
  await operationUnchanged(victim);
  const { itemID } = await operationOf(victim);
  const operations = await victim.client.get(
    `${ITEM}/${victim.member.userId}/${itemID}/listing-operations`,
  );
  expect(operations.body.operations).toEqual([
    expect.objectContaining({ status: 'queued', needsYou: null }),
  ]);
}

cases.push(
  {
    route: `PUT ${REST_ITEM}/:itemId/status`,
    title: 'cannot queue an item of another account',
    request: async (victim) => ({
      path: `${REST_ITEM}/${(await operationOf(victim)).itemID}/status`,
      body: {
        userId: victim.member.userId,
        marketplace: 'facebook',
        status: 'queue',
        operation: 'relist',
      },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `PUT ${REST_ITEM}/:itemId/status`,
    title: 'cannot queue an item of another account under its own user id',
    request: async (victim, intruder) => ({
      path: `${REST_ITEM}/${(await operationOf(victim)).itemID}/status`,
      body: {
        userId: intruder.account.userId,
        marketplace: 'facebook',
        status: 'queue',
        operation: 'relist',
      },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-listed`,
    title: 'cannot report a listing of another account listed',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-listed`,
      body: { marketplace: 'facebook', listedID: 'HIJACK' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-delisted`,
    title: 'cannot report a listing of another account delisted',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-delisted`,
      body: { marketplace: 'facebook' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-list-failure`,
    title: 'cannot report a listing of another account failed',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-list-failure`,
      body: { marketplace: 'facebook', reason: 'hijacked' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-delist-failure`,
    title: 'cannot report a delisting of another account failed',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-delist-failure`,
      body: { marketplace: 'facebook', reason: 'hijacked' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-updated`,
    title: 'cannot report a listing of another account updated',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-updated`,
      body: { marketplace: 'facebook' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `POST ${ITEM}/:userId/:itemId/set-listing-update-failure`,
    title: 'cannot report an update of another account failed',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/set-listing-update-failure`,
      body: { marketplace: 'facebook', reason: 'hijacked' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/:itemId/mark-item-as-sold`,
    title: 'cannot mark an item of another account sold',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/mark-item-as-sold`,
      body: { marketplace: 'facebook' },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/:itemId/bulk-mark-as-not-listed`,
    title: 'cannot mark an item of another account not listed',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/bulk-mark-as-not-listed`,
      body: { marketplaces: ['facebook'] },
    }),
    unchanged: operationUnchanged,
  },
  {
    route: `GET ${ITEM}/:userId/:itemId/listing-history`,
    title: 'cannot read the listing history of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/listing-history`,
    }),
  },
  {
    route: `GET ${ITEM}/:userId/:itemId/listing-operations`,
    title: 'cannot read the listing operations of another account',
    request: async (victim) => ({
      path: `${ITEM}/${victim.member.userId}/${(await operationOf(victim)).itemID}/listing-operations`,
    }),
  },
  {
    route: 'GET /api/rest/v1/executor/operations/:operationId',
    title: 'cannot fetch an operation of another account to carry out',
    request: async (victim) => ({
      path: `/api/rest/v1/executor/operations/${(await operationOf(victim)).operationId}`,
    }),
  },
  {
    route: 'POST /api/rest/v1/executor/operations/:operationId/heartbeat',
    title: 'cannot extend the lease of an operation of another account',
    request: async (victim) => ({
      path: `/api/rest/v1/executor/operations/${(await operationOf(victim)).operationId}/heartbeat`,
      body: {},
    }),
    unchanged: operationUnchanged,
  },
  {
    route: 'POST /api/rest/v1/executor/operations/:operationId/needs-you',
    title: 'cannot hand an operation of another account to its seller',
    request: async (victim) => ({
      path: `/api/rest/v1/executor/operations/${(await operationOf(victim)).operationId}/needs-you`,
      body: { reason: 'captcha' },
    }),
    unchanged: operationNotHeld,
  },
  {
    route: 'POST /api/rest/v1/executor/operations/:operationId/resume',
    title: 'cannot try again an operation of another account',
    request: async (victim) => ({
      path: `/api/rest/v1/executor/operations/${(await operationOf(victim)).operationId}/resume`,
    }),
    unchanged: operationNotHeld,
  },
  {
    route: 'POST /api/rest/v1/executor/claim',
    title: 'claims only the caller’s own operations, never another account’s',
    request: async (victim) => {
      await operationOf(victim);
      return { path: '/api/rest/v1/executor/claim', body: { marketplaces: ['facebook'], max: 20 } };
    },
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body.operations).toEqual([]);
    },
    unchanged: operationUnchanged,
  },
);

cases.push({
  route: 'GET /api/user/auth/web-auth-url',
  title: 'cannot start reconnecting a connection of another account',
  request: async (victim) => ({
    path: `/api/user/auth/web-auth-url?marketplace=ebay&connectionId=${await connectionOf(victim)}`,
  }),
  unchanged: connectionUnchanged,
});

cases.push(
  {
    route: `PATCH ${REST_ITEM}/set-shopify-tags-based-on-characteristics`,
    title: 'cannot tag the items of another account’s user',
    request: async (victim) => ({
      path: `${REST_ITEM}/set-shopify-tags-based-on-characteristics`,
      body: { userId: victim.account.userId, itemIds: [(await itemOf(victim)).itemID] },
    }),
    unchanged: itemUnchanged,
  },
  {
    route: `PATCH ${REST_ITEM}/set-shopify-tags-based-on-characteristics`,
    title: 'finds no item or SKU of another account among its own',
    request: async (victim) => ({
      path: `${REST_ITEM}/set-shopify-tags-based-on-characteristics`,
      body: { itemIds: [(await itemOf(victim)).itemID], skus: [VICTIM_SKU] },
    }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.updated).toBe(0);
      expect(response.body.items).toEqual([]);
      expect(response.body.notFound).toHaveLength(2);
    },
    unchanged: itemUnchanged,
  },
);

const MARKETPLACE_IMPORT = '/api/rest/v1/enterprise/marketplace-import';

/** An import of the victim's eBay connection, as the job leaves it, made once. */
let victimMarketplaceImport: Promise<string> | null = null;
function marketplaceImportOf(victim: Victim) {
  victimMarketplaceImport ??= (async () => {
    const connectionId = await connectionOf(victim);
    const row = await victim.server.container.repositories.marketplaceImports.createQueued({
      id: `victimimport${'0'.repeat(12)}`,
      accountId: victim.account.accountId,
      userId: victim.account.userId,
      connectionId,
      marketplace: 'ebay',
    });
    return row!.id;
  })();
  return victimMarketplaceImport;
}

async function marketplaceImportUnchanged(victim: Victim) {
  const id = await marketplaceImportOf(victim);
  const read = await victim.client.get(`${MARKETPLACE_IMPORT}/${id}`);
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ importId: id, status: 'queued', seenListings: 0 });
}

cases.push(
  {
    route: `POST ${MARKETPLACE_IMPORT}`,
    title: 'cannot import the listings of another account’s connection',
    request: async (victim) => {
      await marketplaceImportOf(victim);
      return { path: MARKETPLACE_IMPORT, body: { connectionId: await connectionOf(victim) } };
    },
    unchanged: marketplaceImportUnchanged,
  },
  {
    route: `GET ${MARKETPLACE_IMPORT}`,
    title: 'lists only the caller’s imports',
    request: async (victim) => {
      await marketplaceImportOf(victim);
      return { path: MARKETPLACE_IMPORT };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.imports).toEqual([]);
    },
  },
  {
    route: `GET ${MARKETPLACE_IMPORT}/:importId`,
    title: 'cannot follow an import of another account',
    request: async (victim) => ({
      path: `${MARKETPLACE_IMPORT}/${await marketplaceImportOf(victim)}`,
    }),
  },
  {
    route: 'PUT /api/rest/v1/enterprise/shopify/bulk/shop',
    title: 'cannot import another account’s Shopify store, even naming its connection',
    request: async (victim) => {
      await marketplaceImportOf(victim);
      return {
        path: '/api/rest/v1/enterprise/shopify/bulk/shop',
        body: { connectionId: await connectionOf(victim) },
      };
    },
    unchanged: marketplaceImportUnchanged,
  },
);

const NOTIFICATIONS = '/api/user/notifications';
const SLACK_SETTINGS = '/api/rest/v1/enterprise/account/slack';
const VICTIM_SLACK_HINT = 'https://hooks.slack.com/services/T0VI…';

/** An unread notification of the victim's, and its Slack webhook (alerts off), made once. */
let victimNotification: Promise<string> | null = null;
function notificationOf(victim: Victim) {
  victimNotification ??= (async () => {
    const slack = await victim.client.put(SLACK_SETTINGS, {
      enabled: false,
      webhookUrl: 'https://hooks.slack.com/services/T0VICTIM/B0VICTIM/victimsecret',
    });
    expect(slack.status, slack.text).toBe(200);
    const made = await victim.server.container.services.notifications.notify({
      accountId: victim.account.accountId,
      userId: victim.account.userId,
      key: 'victim-delist-failure',
      kind: 'delist_failed',
      params: {
        itemId: 'victimitem00000000000001',
        itemTitle: 'Victim item',
        marketplace: 'ebay',
        reason: 'eBay did not answer.',
      },
    });
    return made!.id;
  })();
  return victimNotification;
}

async function notificationUnchanged(victim: Victim) {
  const id = await notificationOf(victim);
  const list = await victim.client.get(NOTIFICATIONS);
  expect(list.status).toBe(200);
  expect(list.body.unreadCount).toBe(1);
  expect(list.body.notifications).toMatchObject([{ id, readAt: null, kind: 'delist_failed' }]);
  const slack = await victim.client.get(SLACK_SETTINGS);
  expect(slack.body).toEqual({
    enabled: false,
    webhookConfigured: true,
    webhookHint: VICTIM_SLACK_HINT,
  });
}

cases.push(
  {
    route: `GET ${NOTIFICATIONS}`,
    title: 'lists only the caller’s own notifications',
    request: async (victim) => {
      await notificationOf(victim);
      return { path: NOTIFICATIONS };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    },
  },
  {
    route: `GET ${NOTIFICATIONS}/unread-count`,
    title: 'counts only the caller’s own notifications',
    request: async (victim) => {
      await notificationOf(victim);
      return { path: `${NOTIFICATIONS}/unread-count` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ unreadCount: 0 });
    },
  },
  {
    route: `POST ${NOTIFICATIONS}/:notificationId/read`,
    title: 'cannot mark a notification of another account read',
    request: async (victim) => ({
      path: `${NOTIFICATIONS}/${await notificationOf(victim)}/read`,
      body: {},
    }),
    unchanged: notificationUnchanged,
  },
  {
    route: `POST ${NOTIFICATIONS}/read-all`,
    title: 'marks only the caller’s own notifications read',
    request: async (victim) => {
      await notificationOf(victim);
      return { path: `${NOTIFICATIONS}/read-all`, body: {} };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ marked: 0, unreadCount: 0 });
    },
    unchanged: notificationUnchanged,
  },
  {
    route: `GET ${SLACK_SETTINGS}`,
    title: 'shows only the caller’s own account’s Slack alerts',
    request: async (victim) => {
      await notificationOf(victim);
      return { path: SLACK_SETTINGS };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        enabled: false,
        webhookConfigured: false,
        webhookHint: null,
      });
    },
  },
  {
    route: `PUT ${SLACK_SETTINGS}`,
    title: 'changes only the caller’s own account’s Slack alerts',
    request: async (victim) => {
      await notificationOf(victim);
      return { path: SLACK_SETTINGS, body: { enabled: false, webhookUrl: null } };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.webhookConfigured).toBe(false);
    },
    unchanged: notificationUnchanged,
  },
);

const SALES = '/api/rest/v1/sale_detection';

/** A sale event of the victim's (the extension reports a Mercari sale of the victim's item). */
let victimSale: Promise<{ eventId: string; itemId: string }> | null = null;
function saleOf(victim: Victim) {
  victimSale ??= (async () => {
    const created = await victim.client.post('/api/account/item', {
      generalDetails: { title: 'Victim sold jacket', quantity: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const sold = await victim.client.post('/api/rest/v1/executor/sales', {
      marketplace: 'mercari',
      externalOrderId: 'VICTIM-ORDER-1',
      itemId,
    });
    expect(sold.status, sold.text).toBe(200);
    return { eventId: sold.body.saleEvent.eventId as string, itemId };
  })();
  return victimSale;
}

async function saleUnchanged(victim: Victim) {
  const { eventId } = await saleOf(victim);
  const read = await victim.client.post(`${SALES}/get_event`, { event_id: eventId });
  expect(read.status).toBe(200);
  expect(read.body.saleEvent).toMatchObject({ eventId, dismissedAt: null, quantityLeft: 0 });
}

cases.push(
  {
    route: `POST ${SALES}/get_event`,
    title: 'cannot read a sale event of another account',
    request: async (victim) => ({
      path: `${SALES}/get_event`,
      body: { event_id: (await saleOf(victim)).eventId },
    }),
  },
  {
    route: `POST ${SALES}/dismiss`,
    title: 'cannot dismiss a sale event of another account',
    request: async (victim) => ({
      path: `${SALES}/dismiss`,
      body: { payload: { event_id: (await saleOf(victim)).eventId }, originPlatform: 'mercari' },
    }),
    unchanged: saleUnchanged,
  },
  {
    route: `POST ${SALES}/dismiss_all`,
    title: 'dismissing all of a marketplace dismisses only the caller’s events',
    request: async (victim) => {
      await saleOf(victim);
      return { path: `${SALES}/dismiss_all`, body: { originPlatform: 'mercari' } };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ dismissed: 0 });
    },
    unchanged: saleUnchanged,
  },
  {
    route: `GET ${SALES}/events`,
    title: 'lists only the caller’s sale events',
    request: async (victim) => {
      await saleOf(victim);
      return { path: `${SALES}/events` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.events).toEqual([]);
    },
  },
  {
    route: 'POST /api/rest/v1/executor/sales',
    title: 'cannot report a sale of another account’s item',
    request: async (victim) => ({
      path: '/api/rest/v1/executor/sales',
      body: {
        marketplace: 'poshmark',
        externalOrderId: 'INTRUDER-ORDER-1',
        itemId: (await saleOf(victim)).itemId,
      },
    }),
    unchanged: saleUnchanged,
  },
);

const BULK = '/api/bulk-actions';

/** A finished bulk action run of the victim's over their item (it adds the label it has). */
let victimRun: Promise<string> | null = null;
function runOf(victim: Victim) {
  victimRun ??= (async () => {
    const { itemID } = await itemOf(victim);
    const started = await victim.client.post(`${BULK}/bulkEditLabels`, {
      selection: { itemIds: [itemID] },
      parameters: { addLabels: ['victim label'] },
    });
    expect(started.status, started.text).toBe(202);
    const runId = started.body.runId as string;
    for (let i = 0; i < 200; i += 1) {
      const run = await victim.client.get(`${BULK}/runs/${runId}`);
      if (run.body.status === 'done') return runId;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the victim’s bulk action did not finish');
  })();
  return victimRun;
}

/** The victim's item as it was (other cases may have given the victim more items). */
async function bulkItemUnchanged(victim: Victim) {
  const { itemID } = await itemOf(victim);
  const response = await victim.client.get(`${ITEM}/${victim.account.userId}/${itemID}`);
  expect(response.status).toBe(200);
  expect(response.body.item.generalDetails).toMatchObject({ title: 'Victim item', price: 10 });
  expect(response.body.item.labels).toEqual(['victim label']);
  expect(response.body.item.listings).toEqual({});
}

async function runUnchanged(victim: Victim) {
  const response = await victim.client.get(`${BULK}/runs/${await runOf(victim)}`);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ status: 'done', total: 1, done: 1 });
  await bulkItemUnchanged(victim);
}

cases.push(
  {
    route: `POST ${BULK}/:bulkAction`,
    title: 'cannot run a bulk action over items of another account',
    request: async (victim) => ({
      path: `${BULK}/bulkEditLabels`,
      body: {
        selection: { itemIds: [(await itemOf(victim)).itemID] },
        parameters: { addLabels: ['hijacked'] },
      },
    }),
    unchanged: bulkItemUnchanged,
  },
  {
    route: `POST ${BULK}/:bulkAction`,
    title: 'cannot run a bulk action over the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return {
        path: `${BULK}/bulkDelete`,
        body: { userId: victim.account.userId, selection: { filter: {} } },
      };
    },
    unchanged: bulkItemUnchanged,
  },
  {
    route: `GET ${BULK}/runs`,
    title: 'lists only the caller’s own runs',
    request: async (victim) => {
      await runOf(victim);
      return { path: `${BULK}/runs?limit=50` };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.runs).toEqual([]);
    },
  },
  {
    route: `GET ${BULK}/runs/:runId`,
    title: 'cannot read a run of another account',
    request: async (victim) => ({ path: `${BULK}/runs/${await runOf(victim)}` }),
  },
  {
    route: `GET ${BULK}/runs/:runId/items`,
    title: 'cannot read the outcomes of a run of another account',
    request: async (victim) => ({ path: `${BULK}/runs/${await runOf(victim)}/items` }),
  },
  {
    route: `GET ${BULK}/runs/:runId/events`,
    title: 'cannot follow the progress of a run of another account',
    request: async (victim) => ({ path: `${BULK}/runs/${await runOf(victim)}/events` }),
  },
  {
    route: `POST ${BULK}/runs/:runId/cancel`,
    title: 'cannot cancel a run of another account',
    request: async (victim) => ({ path: `${BULK}/runs/${await runOf(victim)}/cancel` }),
    unchanged: runUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/bulk-edit-listings`,
    title: 'cannot edit the listings of another account’s user',
    request: async (victim) => ({
      path: `${ITEM}/${victim.account.userId}/bulk-edit-listings`,
      body: { itemIds: [(await itemOf(victim)).itemID], listings: { ebay: { price: 1 } } },
    }),
    unchanged: bulkItemUnchanged,
  },
  {
    route: `PUT ${ITEM}/:userId/bulk-edit-listings`,
    title: 'finds no item of another account among its own',
    request: async (victim, intruder) => ({
      path: `${ITEM}/${intruder.account.userId}/bulk-edit-listings`,
      body: { itemIds: [(await itemOf(victim)).itemID], listings: { ebay: { price: 1 } } },
    }),
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.body.updated).toBe(0);
      expect(response.body.failed).toHaveLength(1);
    },
    unchanged: bulkItemUnchanged,
  },
);

/** A browser the victim paired: its token's id (the token itself is the victim's secret). */
async function victimPairedBrowser(victim: Victim): Promise<string> {
  const created = await victim.client.post('/api/executor-tokens', { name: 'Victim laptop' });
  expect(created.status, created.text).toBe(201);
  return created.body.executorToken.id as string;
}

async function victimBrowsersUnrevoked(victim: Victim): Promise<void> {
  const listed = await victim.client.get('/api/executor-tokens');
  const browsers = listed.body.executorTokens as { name: string; revokedAt: string | null }[];
  expect(browsers.filter((b) => b.name === 'Victim laptop').length).toBeGreaterThan(0);
  expect(browsers.every((b) => b.revokedAt === null)).toBe(true);
}

cases.push(
  {
    route: 'GET /api/executor-tokens',
    title: 'lists none of another account’s paired browsers',
    request: async (victim) => {
      await victimPairedBrowser(victim);
      return { path: '/api/executor-tokens' };
    },
    check: (response) => {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain('Victim laptop');
    },
  },
  {
    route: 'DELETE /api/executor-tokens/:id',
    title: 'cannot unpair another account’s browser',
    request: async (victim) => ({
      path: `/api/executor-tokens/${await victimPairedBrowser(victim)}`,
    }),
    unchanged: victimBrowsersUnrevoked,
  },
);

const PRESENCE = '/api/rest/v1/executor/presence';
const VICTIM_BROWSER = 'Victim presence browser';

/**
 * The victim's extension, paired and seen on Facebook, signed in and at work: reported once,
 * with its token as the extension does. Answers the token's id.
 */
let victimPresence: Promise<string> | null = null;
function presenceOf(victim: Victim): Promise<string> {
  victimPresence ??= (async () => {
    const paired = await victim.client.post('/api/executor-tokens', { name: VICTIM_BROWSER });
    expect(paired.status, paired.text).toBe(201);
    const extension = new TestClient(victim.client.baseUrl, {
      origin: 'chrome-extension://mkpfgbdjmonaipijfnkphbaolekngaog',
    });
    const reported = await extension.request('PUT', PRESENCE, {
      body: { marketplaces: [{ marketplace: 'facebook', signedIn: true }] },
      headers: { authorization: `Bearer ${paired.body.token as string}` },
    });
    expect(reported.status, reported.text).toBe(204);
    return paired.body.executorToken.id as string;
  })();
  return victimPresence;
}

async function presenceUnchanged(victim: Victim) {
  const seen = await victim.client.get(PRESENCE);
  expect(seen.status).toBe(200);
  expect(seen.body.marketplaces).toEqual([
    expect.objectContaining({
      marketplace: 'facebook',
      signedIn: true,
      paused: false,
      tokenId: await presenceOf(victim),
      tokenName: VICTIM_BROWSER,
    }),
  ]);
}

cases.push(
  {
    route: `GET ${PRESENCE}`,
    title: 'shows none of another account’s extensions',
    request: async (victim) => {
      await presenceOf(victim);
      return { path: PRESENCE };
    },
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.text).not.toContain(VICTIM_BROWSER);
      expect(
        (response.body.marketplaces as { tokenId: string | null }[]).every(
          (m) => m.tokenId === null,
        ),
      ).toBe(true);
    },
    unchanged: presenceUnchanged,
  },
  {
    route: `PUT ${PRESENCE}`,
    title: 'reports for the caller only, never over another account’s extension',
    request: async (victim) => {
      await presenceOf(victim);
      return {
        path: PRESENCE,
        body: { marketplaces: [{ marketplace: 'facebook', signedIn: false }], paused: true },
      };
    },
    check: (response) => expect(response.status, response.text).toBe(204),
    unchanged: presenceUnchanged,
  },
);

const ownDataOnly: Record<string, string> = {
  'GET /api/marketplaces/connect-options':
    'names no row: how this server connects marketplaces, the same for every account',
  'GET /api/marketplaces/ebay/business-polices/:policyType/:policyValue':
    'answers from the caller’s own eBay connection; the path names a policy of that eBay seller account, not a row of ours',
  'GET /api/marketplaces/etsy/profiles/:kind':
    'answers from the caller’s own Etsy connection (kept per account and connection); the path names a kind of profile, not a row of ours',
  'GET /api/marketplaces/shopify/metafields':
    'answers from the caller’s own Shopify connection; takes no id of ours',
  'GET /api/marketplaces/:marketplace/categories':
    'a marketplace’s public category tree, read through the caller’s own connection; the ids it takes are the marketplace’s categories, not rows of ours',
  'POST /api/marketplaces/shopify/subscription':
    'subscribes the caller’s own Shopify connection; takes no id',
  'GET /api/marketplaces/shopify/metafieldMapper':
    'the caller’s own account’s mapper; takes no id (shopify-metafield.int.test.ts shows another account sees its own, empty)',
  'PUT /api/marketplaces/shopify/metafieldMapper':
    'replaces the caller’s own account’s mapper; takes no id',
  'POST /api/marketplaces/shopify/metafields/sync':
    'syncs the caller’s own Shopify connection; takes no id',
  'GET /api/marketplaces/shopify/metafields/sync/last':
    'the last sync of the caller’s own account; takes no id',
  'GET /api/user/auth/callback/:marketplace':
    'names no row: the state it carries is consumed only by the user and account that began it (marketplace-auth.int.test.ts proves another account’s state is refused)',
  'GET /api/account/variants/options': 'the options and setting of the caller’s own account',
  'POST /api/uploads': 'creates an upload owned by the caller; names no existing row',
  'GET /api/rest/v1/auth/session': 'the session state of the caller; takes no id',
  'PUT /api/user/help-text-seen/:key':
    'the key names a help text, and the flag is stored on the caller',
  'GET /api/user/settings':
    'the caller’s own settings; takes no id (user-settings.int.test.ts shows another user, of this account or another, reads their own)',
  'PUT /api/user/settings':
    'changes the caller’s own settings; takes no id (user-settings.int.test.ts shows no one else’s change)',
  'PUT /api/rest/v1/enterprise/sale-detection/settings':
    'changes the caller’s own sale-detection settings; the keys name marketplaces, not rows',
  [`PUT ${USERS}/update-password`]: 'sets the caller’s own password; takes no user id',
  'GET /api/bulk-actions/config/:bulkAction':
    'names no row: describes an action for the caller’s own account and permissions',
  'GET /api/user/notification-preferences': 'the caller’s own e-mail switches; takes no id',
  'PUT /api/user/notification-preferences': 'changes the caller’s own e-mail switches; takes no id',
  'POST /api/executor-tokens': 'pairs the caller’s own browser, for the caller; names no row',
  'GET /api/rest/v1/executor/queue':
    'the caller’s own queue; takes no id (listing-needs-you.int.test.ts: another account’s queue is empty of these)',
  'GET /api/rest/v1/executor/me':
    'the calling token’s own pairing; takes no id (executor-token.int.test.ts: a token acts only in its own account)',
};

// Each module may keep its cases beside this file: tenancy-cases/<module>.ts exporting
// `cases` and `ownDataOnly`, so modules added side by side do not edit one list.
const moduleCases = import.meta.glob<{
  cases?: TenancyCase[];
  ownDataOnly?: Record<string, string>;
}>('./tenancy-cases/*.ts', { eager: true });
for (const module of Object.values(moduleCases)) {
  cases.push(...(module.cases ?? []));
  Object.assign(ownDataOnly, module.ownDataOnly ?? {});
}

describeTenancy(cases, ownDataOnly);
