import { z } from 'zod';

/** Spec §5 Login: e-mail required, valid, trimmed, labelled Email; password required. */
export const LoginSchema = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, { message: 'Email is required' })
    .pipe(z.email({ message: 'Email must be a valid e-mail address' })),
  password: z
    .string({ message: 'Password is required' })
    .min(1, { message: 'Password is required' }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const NewPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, {
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

/** A pending account user sets their own password (spec §7 account-users/update-password). */
export const UpdatePasswordSchema = z.object({ password: NewPasswordSchema });

/** /join-team: the invitation's e-mail and temporary password (spec §7 validate-join-data). */
export const JoinDataSchema = z.object({
  email: LoginSchema.shape.email,
  temporaryPassword: z
    .string({ message: 'Temporary password is required' })
    .min(1, { message: 'Temporary password is required' }),
});
export type JoinData = z.infer<typeof JoinDataSchema>;
