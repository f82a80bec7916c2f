import { z } from 'zod';

/** Spec §3/§9: account and user ids are text of at least 20 characters. */
export const MIN_ID_LENGTH = 20;

export const IdSchema = z
  .string()
  .trim()
  .min(MIN_ID_LENGTH, { message: `Must be at least ${MIN_ID_LENGTH} characters` });
