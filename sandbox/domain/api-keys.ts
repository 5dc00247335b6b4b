import { hash } from 'node:crypto';

/** SHA-256 of a text, as bytes (admin-key comparison) or hex (stored key digests). */
export const sha256 = (text: string): Buffer => hash('sha256', text, 'buffer');

/** Secret keys are stored as SHA-256 digests: they are 64 random characters, so a slow hash adds nothing. */
export const hashApiKey = (key: string): string => sha256(key).toString('hex');
