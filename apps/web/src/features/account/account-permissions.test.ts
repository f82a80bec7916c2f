import { PERMISSION_KEYS } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { permissionsShown } from './account-permissions';

describe('the permissions the account card lists', () => {
  it('names only what a screen of the app lets the seller do', () => {
    expect(permissionsShown(PERMISSION_KEYS)).toEqual([
      'items.read',
      'items.write',
      'items.delete',
      'listings.publish',
      'listings.delist',
      'sales.read',
      'sales.manage',
      'marketplaces.manage',
      'rules.manage',
      'team.manage',
      'roles.manage',
      'account.manage',
      'activity.read',
    ]);
  });
});
