/** Every table, for Drizzle's relational queries and drizzle-kit's migration generator. */
export * from '../../modules/auth/auth.table';
export * from '../../modules/accounts/account.table';
export * from '../../modules/roles/role.table';
export * from '../../modules/account-users/account-user.table';
export * from '../../modules/users/user.table';
