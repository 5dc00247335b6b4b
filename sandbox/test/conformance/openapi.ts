/**
 * Validates sandbox answers against the real service's OpenAPI response schemas.
 *
 * The document beside this file, `hyperswitch-openapi-v1.json`, is the real service's published
 * OpenAPI 3.0.3 description ("Hyperswitch - API Documentation", version 0.1.0, generated from
 * juspay/hyperswitch `api-reference/v1/openapi_spec_v1.json`), copied unchanged. OpenAPI 3.0 schemas
 * are not JSON Schema: `nullable` is rewritten here into a `null` type and `discriminator` is dropped
 * (its `oneOf` still applies), then ajv checks each answer against the schema the document gives for
 * that method, path and status. Formats are not checked (int64, date-time are annotations there).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { allowed, type AllowListEntry, type Violation } from './allow-list.js';

export type { Violation } from './allow-list.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAPI 3.0 schema → JSON Schema (draft 7) for the parts the document uses. */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'discriminator' || key === 'nullable' || key === 'example') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/') ? `openapi.json${value}` : value;
      continue;
    }
    out[key] = key === 'properties' && isObject(value)
      ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]))
      : toJsonSchema(value);
  }
  if (node.nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [{ type: 'null' }, out] };
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Map<number, string | null>;
}

const document = JSON.parse(readFileSync(new URL('./hyperswitch-openapi-v1.json', import.meta.url), 'utf8')) as JsonObject;

function operations(): Operation[] {
  const found: Operation[] = [];
  const paths = document.paths;
  if (!isObject(paths)) return found;
  for (const [template, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const responses = new Map<number, string | null>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
        const schema = isObject(content) ? content.schema : undefined;
        responses.set(Number(status), schemaPointer(schema, `${method} ${template} ${status}`));
      }
      found.push({ method: method.toUpperCase(), template, pattern, responses });
    }
  }
  return found;
}

const inlineSchemas = new Map<string, Json>();
function schemaPointer(schema: Json | undefined, name: string): string | null {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') return `openapi.json${schema.$ref}`;
  inlineSchemas.set(name, schema);
  return `inline:${name}`;
}

/**
 * Routes upstream serves whose answer the document has a schema for but no path of its own: each
 * answer is checked against that schema (the sandbox's `featureMatrixRoutes` and collect links).
 */
const SCHEMA_ONLY: [method: string, template: string, schema: string][] = [
  ['GET', '/feature_matrix', 'FeatureMatrixListResponse'],
  ['POST', '/payment_methods/collect', 'PaymentMethodCollectLinkResponse'],
];

const OPERATIONS = [
  ...operations(),
  ...SCHEMA_ONLY.map(([method, template, schema]) => ({ method, template, pattern: new RegExp(`^${template}$`), responses: new Map([[200, `openapi.json#/components/schemas/${schema}`]]) })),
];
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'openapi.json', components: toJsonSchema(document.components ?? null) } as object);
const compiled = new Map<string, ValidateFunction>();

function validator(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    if (pointer.startsWith('inline:')) {
      const inline = toJsonSchema(inlineSchemas.get(pointer.slice('inline:'.length)) ?? null);
      validate = ajv.compile(inline as object);
    } else {
      validate = ajv.compile({ $ref: pointer });
    }
    compiled.set(pointer, validate);
  }
  return validate;
}

export interface CheckResult {
  /** The operation and schema used, or null when the document gives no schema for this answer. */
  schema: string | null;
  violations: Violation[];
  /** Violations an allow-list entry covers, with the entry. */
  allowed: { violation: Violation; entry: AllowListEntry }[];
}

/**
 * Routes upstream serves that the document does not describe, and that a template of it would
 * otherwise take for one of its own (`GET /customers/{customer_id}` for the customer list with count,
 * `GET /accounts/{account_id}` for the merchant list).
 */
const UNDESCRIBED = new Set(['GET /customers/list_with_count', 'GET /accounts/list']);

/** The document's operation for a method and a concrete path, or null when it has none. */
export function findOperation(method: string, path: string): Operation | null {
  if (UNDESCRIBED.has(`${method.toUpperCase()} ${path}`)) return null;
  const candidates = OPERATIONS.filter((operation) => operation.method === method.toUpperCase() && operation.pattern.test(path));
  // the template with the fewest parameters is the most specific
  candidates.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  return candidates[0] ?? null;
}

const describeError = (error: ErrorObject): string => {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `missing required member \`${String(params.missingProperty)}\``;
  if (error.keyword === 'enum') return `${error.message ?? 'not in enum'}: ${JSON.stringify(params.allowedValues)}`;
  return error.message ?? error.keyword;
};

/** Checks one answer. An error answer (4xx/5xx) is checked against the document's error schema for that status, when it has one. */
export function checkResponse(method: string, path: string, status: number, body: unknown): CheckResult {
  // A blocked card is answered 200 with the error envelope (upstream's PaymentBlockedError { code: 200 },
  // Cypress Commons.js blockedPaymentErrorBody…), which the document, giving 200 the payment's schema,
  // does not describe: it is checked whole by the tests that get it (card-blocking.test.ts).
  if (status === 200 && isBlockedAnswer(body)) return { schema: null, violations: [], allowed: [] };
  const operation = findOperation(method, path);
  const pointer = operation?.responses.get(status) ?? null;
  if (!operation || !pointer) return { schema: null, violations: [], allowed: [] };
  const validate = validator(pointer);
  validate(body);
  const name = `${operation.method} ${operation.template}`;
  const violations = (validate.errors ?? [])
    // a failed branch of anyOf/oneOf repeats below as its own errors; keep the leaves, and drop the
    // "must be null" of the null branch a nullable member gets (its other branch says what is wrong)
    .filter((error) => error.keyword !== 'anyOf' && error.keyword !== 'oneOf')
    .filter((error) => !(error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null'))
    .map((error) => ({ operation: name, status, instancePath: error.instancePath, keyword: error.keyword, message: describeError(error) }));
  const unique = [...new Map(violations.map((v) => [`${v.instancePath} ${v.message}`, v])).values()];
  const covered: CheckResult['allowed'] = [];
  const open: Violation[] = [];
  for (const violation of unique) {
    const entry = allowed(violation);
    if (entry) covered.push({ violation, entry });
    else open.push(violation);
  }
  return { schema: `${name} ${status} → ${pointer}`, violations: open, allowed: covered };
}

/** `{"error": {"type": "blocked", "message", "code": "HE_03", "reason": "Blocked"}}` and nothing else. */
function isBlockedAnswer(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Object.keys(body).join() !== 'error') return false;
  const error = (body as { error: unknown }).error as Record<string, unknown> | null;
  return error !== null && typeof error === 'object' && error['type'] === 'blocked' && error['code'] === 'HE_03' && Object.keys(error).sort().join() === 'code,message,reason,type';
}
