import { customAlphabet } from 'nanoid';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Row ids: 24 URL-safe characters (spec: at least 20), about 143 bits of randomness. */
export const newId = customAlphabet(ALPHABET, 24);
