import type * as z from 'zod/mini';
import { ConnectorAccountMetadata } from '../../src/api/admin.js';
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

/**
 * How large a free-form member other than `metadata` may be: its JSON (`JSON.stringify`) at most
 * 16,384 characters. `metadata` keeps the spec's limits (checkMetadata), wherever it appears, but
 * on a connector account: there it is the connector's settings (ConnectorAccountMetadata).
 */
export const FREE_FORM_LIMIT = 16_384;

/** What a free-form member's path names in messages and docs: `order_details.0`, `payment_method_data.wallet`. */
const at = (path: string, name: string | number): string => (path ? `${path}.${name}` : String(name));

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
}
const defOf = (schema: z.ZodMiniType | undefined): SchemaDef | null => (schema ? (schema._zod.def as unknown as SchemaDef) : null);
const isUnknown = (schema: z.ZodMiniType | undefined): boolean => defOf(schema)?.type === 'unknown';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const lastName = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** A free-form value within its limits: the spec's for a `metadata`, FREE_FORM_LIMIT for any other. */
function limitFreeForm(path: string, value: unknown, connectorSettings = false): void {
  if (value == null) return;
  if (lastName(path) === 'metadata' && isObject(value) && !connectorSettings) return checkMetadata(path, value);
  const length = JSON.stringify(value).length;
  if (length > FREE_FORM_LIMIT) {
    throw apiError('freeFormLimit', { rule: `${path} may be at most ${FREE_FORM_LIMIT} characters as JSON, it has ${length}` });
  }
}

/**
 * Applies the free-form limits to a request body that `schema` has validated: every member the
 * schema takes as anything (`z.record(z.string(), z.unknown())`, `z.unknown()`, an array of
 * unknowns) and the extra members of a loose object, found by walking the schema beside the value.
 * Free-form members are so found in every body, those added later included: none can take a whole
 * request body.
 */
export function checkFreeForm(schema: z.ZodMiniType, value: unknown, path = ''): void {
  const def = defOf(schema);
  if (!def || value == null || !holdsFreeForm(schema)) return;
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return checkFreeForm(def.innerType as z.ZodMiniType, value, path);
    case 'unknown':
      return limitFreeForm(path, value);
    case 'record':
      if (isUnknown(def.valueType)) return limitFreeForm(path, value, schema === ConnectorAccountMetadata);
      if (isObject(value)) for (const [name, member] of Object.entries(value)) checkFreeForm(def.valueType as z.ZodMiniType, member, at(path, name));
      return;
    case 'array':
      if (!Array.isArray(value)) return;
      if (isUnknown(def.element)) return limitFreeForm(path, value);
      value.forEach((item, index) => checkFreeForm(def.element as z.ZodMiniType, item, at(path, index)));
      return;
    case 'union': {
      const option = def.options?.find((candidate) => candidate.safeParse(value).success);
      return option ? checkFreeForm(option, value, path) : undefined;
    }
    case 'object': {
      if (!isObject(value)) return;
      const shape = def.shape ?? {};
      const extra: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(value)) {
        if (Object.hasOwn(shape, name)) checkFreeForm(shape[name] as z.ZodMiniType, member, at(path, name));
        else extra[name] = member;
      }
      // a loose object's members beyond its shape are free-form together
      if (isUnknown(def.catchall) && Object.keys(extra).length > 0) limitFreeForm(path, extra);
      return;
    }
    default:
      return;
  }
}

/** Whether a schema has any free-form member (freeFormMembers), computed once per schema: checkFreeForm skips those without (a card, an address). */
const freeFormKnown = new WeakMap<z.ZodMiniType, boolean>();
function holdsFreeForm(schema: z.ZodMiniType): boolean {
  let holds = freeFormKnown.get(schema);
  if (holds === undefined) {
    holds = freeFormMembers(schema).length > 0;
    freeFormKnown.set(schema, holds);
  }
  return holds;
}

/**
 * The free-form members of a request schema, as paths (`connector_metadata`, `order_details[]`
 * for every item, `payment_method_data.wallet (other members)` for a loose object's extras): what
 * docs/sandbox.md lists under "Free-form members".
 */
export function freeFormMembers(schema: z.ZodMiniType, path = ''): string[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return freeFormMembers(def.innerType as z.ZodMiniType, path);
    case 'unknown':
      return [path];
    case 'record':
      return isUnknown(def.valueType) ? [path] : freeFormMembers(def.valueType as z.ZodMiniType, `${path}.*`);
    case 'array':
      return isUnknown(def.element) ? [path] : freeFormMembers(def.element as z.ZodMiniType, `${path}[]`);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((option) => freeFormMembers(option, path)))];
    case 'object': {
      const inner = Object.entries(def.shape ?? {}).flatMap(([name, member]) => freeFormMembers(member, at(path, name)));
      return isUnknown(def.catchall) ? [...inner, path ? `${path} (other members)` : '(other members)'] : inner;
    }
    default:
      return [];
  }
}
