import { z } from 'zod';

export const ROLE_NAME_MAX_LENGTH = 160;
export const RESERVED_ROLE_NAMES = ['admin', 'viewer'] as const;
export const RESERVED_ROLE_NAME_MESSAGE =
  'Name must not be one of the following values: admin, viewer';

/**
 * Spec §5 Role: required, trimmed, lowercased, at most 160 characters, and when creating or
 * editing not one of the reserved names (only the protected built-in roles carry those).
 */
export const RoleNameSchema = z
  .string({ message: 'Name is required' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'Name is required' })
  .max(ROLE_NAME_MAX_LENGTH, {
    message: `Name must be at most ${ROLE_NAME_MAX_LENGTH} characters`,
  })
  .refine((name) => !(RESERVED_ROLE_NAMES as readonly string[]).includes(name), {
    message: RESERVED_ROLE_NAME_MESSAGE,
  });

export const RoleColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Colour must be a hex colour such as #228be6' });

/** A role as the role operations answer it (spec §3 Role, members derived from memberships). */
export const RoleViewSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  userId: z.string(),
  name: z.string(),
  color: z.string(),
  isProtected: z.boolean(),
  permissions: z.record(z.string(), z.boolean()),
  members: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleViewData = z.infer<typeof RoleViewSchema>;

/**
 * What removing a role did: its members fall back to the account's built-in viewer role (or to
 * no role where the account has none), and the answer says how many moved.
 */
export const RoleRemovedSchema = z.object({
  id: z.string(),
  membersMoved: z.number().int().nonnegative(),
  movedToRoleId: z.string().nullable(),
});
export type RoleRemoved = z.infer<typeof RoleRemovedSchema>;
