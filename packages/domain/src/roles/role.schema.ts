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
