/** Every table, for Drizzle's relational queries and drizzle-kit's migration generator. */
export * from '../../modules/auth/auth.table';
export * from '../../modules/accounts/account.table';
export * from '../../modules/roles/role.table';
export * from '../../modules/account-users/account-user.table';
export * from '../../modules/users/user.table';
export * from '../../modules/items/item.table';
export * from '../../modules/labels/label.table';
export * from '../../modules/images/image.table';
export * from '../../modules/variants/variant-options.table';
export * from '../../modules/item-import/item-import.table';
export * from '../../modules/rules/marketplace-rule.table';
export * from '../../modules/listings/listing.table';
export * from '../../modules/connections/connection.table';
export * from '../../modules/marketplace-auth/oauth-state.table';
export * from '../../modules/webhooks/webhook-delivery.table';
export * from '../../modules/shopify-metafields/shopify-metafield.table';
