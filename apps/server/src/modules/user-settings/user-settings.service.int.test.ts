import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityServices } from '../../../test/identity';
import { UserSettingsService } from './user-settings.service';

/** The settings of an item's owner, as the sale path reads them, on a real database. */
describe('the settings the sale path reads, on a real database', () => {
  let test: TestDatabase;
  let identity: ReturnType<typeof identityServices>;
  let settings: UserSettingsService;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateDatabase(test.database);
    identity = identityServices(test.database);
    settings = new UserSettingsService(test.database.db, identity.users, identity.accountUsers);
  });
  afterAll(() => test.dispose());

  it('answers a member’s own settings in their account, whatever their status there', async () => {
    const { account, ctx } = await identity.openAccount();
    const member = await identity.addMember(account.accountId, { roleId: null });
    await settings.update(await identity.contextOf(member), {
      saleDetection: { ebay: { enabled: false } },
      forceDelistRelist: { etsy: { enabled: true } },
    });
    await identity.accountUsers.updateStatus(ctx, { userId: member.userId, status: 'inactive' });

    const read = await settings.saleSettingsFor(account.accountId, member.userId);
    expect(read.saleDetection.ebay.enabled).toBe(false);
    expect(read.saleDetection.etsy.enabled).toBe(true);
    expect(read.forceDelistRelist.etsy.enabled).toBe(true);
  });

  it('answers the defaults for a user of another account, not their own settings', async () => {
    const { account } = await identity.openAccount();
    const member = await identity.addMember(account.accountId, { roleId: null });
    await settings.update(await identity.contextOf(member), {
      saleDetection: { ebay: { enabled: false } },
    });
    const other = await identity.openAccount();

    const read = await settings.saleDetectionFor(other.account.accountId, member.userId);
    expect(read.ebay.enabled).toBe(true);
  });
});
