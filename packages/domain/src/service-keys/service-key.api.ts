import { z } from 'zod';

/**
 * Service keys (decision 0045): API keys of the account for programs, not people. A search key
 * reads the inventory and nothing else; a role key acts as the member who made it, within the
 * key's role and never beyond that member's own permissions. The key is shown once, at
 * creation; the server keeps its hash and its last four characters (the hint).
 */
export const SERVICE_KEY_KINDS = ['search', 'user_role'] as const;
export type ServiceKeyKind = (typeof SERVICE_KEY_KINDS)[number];

/** What each kind's key starts with, so the server knows a service key from any other bearer. */
export const SERVICE_KEY_PREFIXES: Record<ServiceKeyKind, string> = {
  search: 'lls_',
  user_role: 'llk_',
};

/** The kind a bearer token's prefix names; null when it is not a service key's. */
export function serviceKeyKindOf(token: string): ServiceKeyKind | null {
  return SERVICE_KEY_KINDS.find((kind) => token.startsWith(SERVICE_KEY_PREFIXES[kind])) ?? null;
}

/** How a key is shown where the secret is not: its prefix and last four characters. */
export function maskedServiceKey(kind: ServiceKeyKind, hint: string): string {
  return `${SERVICE_KEY_PREFIXES[kind]}…${hint}`;
}

export const SERVICE_KEY_NAME_MAX = 100;
/** Live keys an account keeps at once (revoked ones do not count). */
export const SERVICE_KEYS_PER_ACCOUNT_MAX = 20;

/** A key as the account's managers see it: never the secret. */
export const ServiceKeySchema = z.object({
  id: z.string(),
  /** The label the person gave it ("Shop website search"). */
  name: z.string(),
  kind: z.enum(SERVICE_KEY_KINDS),
  /** The role a role key acts within; null for a search key. */
  role: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The key's last four characters, to tell keys apart. */
  hint: z.string(),
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** The last request made with it, ISO (recorded at most once a minute); null until its first. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ServiceKey = z.infer<typeof ServiceKeySchema>;

/** The spec reads `data.data` of the list. */
export const ServiceKeyListSchema = z.object({
  data: z.object({ data: z.array(ServiceKeySchema) }),
});

/** A role key names its role; a search key names none (it reads the inventory only). */
export const CreateServiceKeyBodySchema = z
  .object({
    name: z.string().trim().min(1).max(SERVICE_KEY_NAME_MAX),
    kind: z.enum(SERVICE_KEY_KINDS),
    roleId: z.string().min(1).max(64).optional(),
  })
  .strict()
  .superRefine((body, issues) => {
    if (body.kind === 'user_role' && !body.roleId) {
      issues.addIssue({
        code: 'custom',
        path: ['roleId'],
        message: 'Choose the role the key acts within.',
      });
    }
    if (body.kind === 'search' && body.roleId) {
      issues.addIssue({
        code: 'custom',
        path: ['roleId'],
        message: 'A search key reads the inventory only and takes no role.',
      });
    }
  });
export type CreateServiceKeyBody = z.infer<typeof CreateServiceKeyBodySchema>;

export const CreateServiceKeyResponseSchema = z.object({
  data: z.object({
    /** The key itself, shown this once. */
    secret: z.string(),
    serviceKey: ServiceKeySchema,
  }),
});
export type CreateServiceKeyResponse = z.infer<typeof CreateServiceKeyResponseSchema>;

/** Session state's authKeys (spec §3): each kind's newest live key, masked; never the secret. */
export const AuthKeySchema = z.object({ key: z.string() });
export const AuthKeysSchema = z.object({
  searchReadOnly: AuthKeySchema.nullable(),
  userRole: AuthKeySchema.nullable(),
});
export type AuthKeys = z.infer<typeof AuthKeysSchema>;
