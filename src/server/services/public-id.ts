/** Opaque ids for URLs: 24 URL-safe characters from 18 random bytes, so they cannot be guessed or counted. */
import { randomBytes } from 'node:crypto';

export const newPublicId = (): string => randomBytes(18).toString('base64url');
