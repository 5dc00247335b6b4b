import { apiError } from './errors.js';
import type { JsonObject } from './types.js';

/** Metadata limits of the spec: 50 keys, key names up to 40 characters, values up to 500 characters. */
export function checkMetadata(field: string, metadata: Record<string, unknown> | null | undefined): void {
  if (!metadata) return;
  const keys = Object.keys(metadata);
  if (keys.length > 50) throw apiError('metadataLimit', { rule: `${field} may have at most 50 keys, it has ${keys.length}` });
  for (const key of keys) {
    if (key.length > 40) throw apiError('metadataLimit', { rule: `${field} key names may be at most 40 characters` });
    const value = metadata[key];
    const length = typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
    if (length > 500) throw apiError('metadataLimit', { rule: `${field}.${key} may be at most 500 characters` });
  }
}

/**
 * Statement descriptors: the spec's text says the name has at least one letter and at most 22
 * characters, and the concatenated descriptor (name + suffix) at most 22.
 */
export function checkStatementDescriptors(name: string | null | undefined, suffix: string | null | undefined): void {
  if (name != null) {
    if (!/\p{L}/u.test(name)) throw apiError('statementDescriptor', { rule: 'statement_descriptor_name must contain at least one letter' });
    if (name.length > 22) throw apiError('statementDescriptor', { rule: 'statement_descriptor_name may be at most 22 characters' });
  }
  if (suffix != null && (name ?? '').length + suffix.length > 22) {
    throw apiError('statementDescriptor', { rule: 'statement_descriptor_name and statement_descriptor_suffix together may be at most 22 characters' });
  }
}

/** A plain JSON object as stored; zod has checked the shape, this narrows the type. */
export const asJson = (value: Record<string, unknown> | null | undefined): JsonObject | null =>
  value == null ? null : (JSON.parse(JSON.stringify(value)) as JsonObject);
