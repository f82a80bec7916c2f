import { expect } from 'vitest';
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
    route: `GET ${ITEM}/export`,
    title: 'cannot export the inventory of another account’s user',
    request: async (victim) => {
      await itemOf(victim);
      return { path: `${ITEM}/export?userId=${victim.account.userId}` };
    },
  },
  {
    route: `GET ${ITEM}/total-items-created-by-date`,
    title: 'cannot count the items of another account’s user',
    request: (victim) => ({
      path: `${ITEM}/total-items-created-by-date?userId=${victim.account.userId}&from=0&to=${Date.now()}`,
    }),
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
];

const ownDataOnly: Record<string, string> = {
  'GET /api/account/variants/options': 'the options and setting of the caller’s own account',
  'POST /api/uploads': 'creates an upload owned by the caller; names no existing row',
  'GET /api/rest/v1/auth/session': 'the session state of the caller; takes no id',
  'PUT /api/user/help-text-seen/:key':
    'the key names a help text, and the flag is stored on the caller',
  [`PUT ${USERS}/update-password`]: 'sets the caller’s own password; takes no user id',
};

describeTenancy(cases, ownDataOnly);
