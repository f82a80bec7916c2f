/** The account settings name no account: each reads and saves the caller's own. */
export const ownDataOnly: Record<string, string> = {
  'GET /api/account': 'the settings of the caller’s own account; the route takes no id',
  'PUT /api/account': 'saves the caller’s own account; the route takes no id',
  'POST /api/account': 'public sign-up: opens a new account and reads none',
  'POST /api/user/token': 'renews the caller’s own session; takes no id',
};
