import { expect } from 'vitest';
import {
  PICKING_LIST_COLUMNS_PATH,
  PICKING_LIST_FORM_DEFAULTS_PATH,
  PICKING_LIST_HISTORY_PATH,
  PICKING_LIST_PRINT_PATH,
  PICKING_LIST_SALES_PATH,
} from '@listloop/domain';
import type { TestClient } from '../client';
import type { Intruder, TenancyCase, Victim } from '../tenancy';

const SALES = PICKING_LIST_SALES_PATH;
const VICTIM_ORDER = { marketplace: 'poshmark', externalOrderId: 'VICTIM-PICK-1' } as const;
const VICTIM_SKU = 'VICTIM-PICK-SKU';

async function turnOn(client: TestClient): Promise<void> {
  const saved = await client.put('/api/account', {
    config: { features: { pickingList: { isEnabled: true, verificationMethod: 'via_barcode' } } },
  });
  expect(saved.status, saved.text).toBe(200);
}

/**
 * The victim's picking list, made once: one order waiting (its line checked), and one packed
 * (in the history). The intruder's list is on too, so a refusal is about the row, not the switch.
 */
const victimLists = new Map<string, Promise<{ lineId: string; packedId: string }>>();
function pickingOf(victim: Victim, intruder: Intruder) {
  // Kept per victim: this module may outlive one server in a worker (decision 0038).
  const made = victimLists.get(victim.account.accountId);
  if (made) return made;
  const making = (async () => {
    await turnOn(victim.client);
    await turnOn(intruder.client);
    const sold = async (title: string, sku: string, externalOrderId: string) => {
      const created = await victim.client.post('/api/account/item', {
        generalDetails: { title, sku, quantity: 1 },
      });
      expect(created.status, created.text).toBe(201);
      const sale = await victim.client.post('/api/rest/v1/executor/sales', {
        marketplace: VICTIM_ORDER.marketplace,
        externalOrderId,
        itemId: created.body.item.itemID,
      });
      expect(sale.status, sale.text).toBe(200);
      return sale.body.saleEvent.eventId as string;
    };
    const lineId = await sold('Victim waiting skirt', VICTIM_SKU, VICTIM_ORDER.externalOrderId);
    await sold('Victim packed coat', 'VICTIM-PACKED', 'VICTIM-PACKED-2');
    const packedRef = { marketplace: VICTIM_ORDER.marketplace, externalOrderId: 'VICTIM-PACKED-2' };
    const scanned = await victim.client.put(SALES, {
      action: 'scan',
      ...packedRef,
      sku: 'VICTIM-PACKED',
    });
    expect(scanned.status, scanned.text).toBe(200);
    const packed = await victim.client.put(SALES, { action: 'pack', ...packedRef });
    expect(packed.status, packed.text).toBe(200);
    const checked = await victim.client.put(SALES, {
      action: 'scan',
      ...VICTIM_ORDER,
      sku: VICTIM_SKU,
    });
    expect(checked.status, checked.text).toBe(200);
    return { lineId, packedId: packed.body.packed.id as string };
  })();
  victimLists.set(victim.account.accountId, making);
  return making;
}

/** The victim's waiting order is as it was: on the list, its one line checked. */
async function pickingUnchanged(victim: Victim) {
  const response = await victim.client.get(SALES);
  expect(response.status, response.text).toBe(200);
  const order = (response.body.orders as any[]).find(
    (o) => o.externalOrderId === VICTIM_ORDER.externalOrderId,
  );
  expect(order?.lines).toEqual([
    expect.objectContaining({ title: 'Victim waiting skirt', verifiedUnits: 1 }),
  ]);
  const history = await victim.client.get(PICKING_LIST_HISTORY_PATH);
  expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['packed']);
}

export const cases: TenancyCase[] = [
  {
    route: `GET ${SALES}`,
    title: 'lists only the caller’s own orders to pack',
    request: async (victim, intruder) => {
      await pickingOf(victim, intruder);
      return { path: SALES };
    },
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.text).not.toContain('VICTIM');
      expect(response.body.orders).toEqual([]);
    },
  },
  {
    route: `PUT ${SALES}`,
    title: 'cannot scan into an order of another account',
    request: async (victim, intruder) => {
      await pickingOf(victim, intruder);
      return { path: SALES, body: { action: 'scan', ...VICTIM_ORDER, sku: VICTIM_SKU } };
    },
    unchanged: pickingUnchanged,
  },
  {
    route: `PUT ${SALES}`,
    title: 'cannot undo the check of a line of another account',
    request: async (victim, intruder) => ({
      path: SALES,
      body: { action: 'undo', lineId: (await pickingOf(victim, intruder)).lineId },
    }),
    unchanged: pickingUnchanged,
  },
  {
    route: `PUT ${SALES}`,
    title: 'cannot confirm a line of another account by its photo',
    request: async (victim, intruder) => ({
      path: SALES,
      body: { action: 'confirm', lineId: (await pickingOf(victim, intruder)).lineId },
    }),
    unchanged: pickingUnchanged,
  },
  {
    route: `PUT ${SALES}`,
    title: 'cannot mark an order of another account packed',
    request: async (victim, intruder) => {
      await pickingOf(victim, intruder);
      return { path: SALES, body: { action: 'pack', ...VICTIM_ORDER } };
    },
    unchanged: pickingUnchanged,
  },
  {
    route: `DELETE ${SALES}`,
    title: 'cannot take a line of another account off its list',
    request: async (victim, intruder) => ({
      path: SALES,
      body: { lineIds: [(await pickingOf(victim, intruder)).lineId] },
    }),
    unchanged: pickingUnchanged,
  },
  {
    route: `POST ${PICKING_LIST_PRINT_PATH}`,
    title: 'cannot print an order of another account',
    request: async (victim, intruder) => {
      await pickingOf(victim, intruder);
      return { path: PICKING_LIST_PRINT_PATH, body: { orders: [VICTIM_ORDER] } };
    },
    unchanged: pickingUnchanged,
  },
  {
    route: `GET ${PICKING_LIST_HISTORY_PATH}`,
    title: 'shows none of another account’s packed orders',
    request: async (victim, intruder) => {
      await pickingOf(victim, intruder);
      return { path: PICKING_LIST_HISTORY_PATH };
    },
    check: (response) => {
      expect(response.status, response.text).toBe(200);
      expect(response.body.entries).toEqual([]);
      expect(response.text).not.toContain('VICTIM');
    },
  },
];

export const ownDataOnly: Record<string, string> = {
  [`POST ${PICKING_LIST_PRINT_PATH}`]:
    'with an empty body prints the caller’s own list; the orders it names are looked up in that list only (the case above)',
  [`GET ${PICKING_LIST_COLUMNS_PATH}`]: 'the caller’s own columns and sort; takes no id',
  [`PUT ${PICKING_LIST_COLUMNS_PATH}`]: 'saves the caller’s own columns and sort; takes no id',
  [`GET ${PICKING_LIST_FORM_DEFAULTS_PATH}`]: 'the caller’s own account’s defaults; takes no id',
  [`PUT ${PICKING_LIST_FORM_DEFAULTS_PATH}`]:
    'saves the caller’s own account’s defaults; takes no id',
  [`DELETE ${PICKING_LIST_FORM_DEFAULTS_PATH}`]:
    'resets the caller’s own account’s defaults; takes no id',
};
