import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { apiError, errors, type ApiError } from '../domain/errors.js';
import { checkFreeForm } from '../domain/validation.js';
import { readText, requestHeader } from './request.js';
import { unreadableReturnUrl } from './url-error.js';

/**
 * Reads a JSON body and validates it with a shared schema. Answers in the error envelope for a wrong
 * content type, malformed JSON, a non-object body, unknown members, missing and invalid members.
 * Messages name the member and never repeat the value sent (it may be a card number).
 */
export async function readBody<T extends z.ZodMiniType>(c: Context, schema: T, { allowEmpty = false } = {}): Promise<z.infer<T>> {
  const text = await readText(c);
  let value: unknown = {};
  if (text.trim() === '') {
    if (!allowEmpty) throw errors.badJson('the request body is empty; send a JSON object');
  } else {
    const contentType = requestHeader(c, 'content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      throw apiError('wrongContentType');
    }
    if (exceedsDepth(text, MAX_JSON_DEPTH)) {
      throw errors.badJson(`the request body is nested more than ${MAX_JSON_DEPTH} levels deep`);
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw errors.badJson('the request body is not valid JSON');
    }
  }
  return validate(schema, value, text);
}

/**
 * How deep objects and arrays may nest in a request body. Deeper JSON (thousands of levels in a
 * free-form member such as `metadata`) would exhaust the stack in validation and serialisation;
 * it is refused before it is parsed. The deepest member of the API nests 5 levels.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether `text` opens more than `limit` objects or arrays inside one another (brackets in strings do not count). */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c) at += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** Validates query parameters (all strings) against a schema of optional string members. Any refusal is 400 IR_06. */
export function readQuery<T extends z.ZodMiniType>(c: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  if (issue.code === 'unrecognized_keys') return errorOut(apiError('badQuery', { detail: `unknown query parameter \`${issue.keys[0] ?? ''}\`` }));
  return errorOut(apiError('badQuery', { detail: `invalid value for query parameter \`${memberPath(issue.path)}\`` }));
}

const errorOut = (error: ApiError): never => {
  throw error;
};

export function validate<T extends z.ZodMiniType>(schema: T, value: unknown, text?: string): z.infer<T> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badJson('the request body must be a JSON object');
  }
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0] as z.core.$ZodIssue;
    throw (text === undefined ? null : unreadableReturnUrl(issue, text)) ?? issueToError(issue);
  }
  // every free-form member within its limits (metadata's, or FREE_FORM_LIMIT), wherever it sits
  checkFreeForm(schema, result.data);
  return result.data;
}

const memberPath = (path: PropertyKey[]): string => path.map(String).join('.');

/** The length of the text a limit refused, as the check counted it (never the text itself). */
const textLength = (input: unknown): string => (typeof input === 'string' ? String(input.length) : 'more');

/** The variant sent, quoted as serde does; a value that could be card data (a long run of digits) is not repeated. */
const variantSent = (input: unknown): string =>
  typeof input === 'string' && input.length <= 64 && !/\d{6}/.test(input) ? `\`${input}\`` : 'sent';

function issueToError(issue: z.core.$ZodIssue): ApiError {
  const path = memberPath(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return errors.badJson(`unknown field \`${path ? `${path}.` : ''}${key}\``);
    }
    case 'invalid_type':
      // a member missing from an item of a list (`order_details.0.product_name`) or from a nested object
      // (`pm_collect_link_config.allowed_domains`) is a field of a struct upstream's serde requires: its
      // "missing field" deserialize error, not the router's IR_04 (which a missing top-level member gets)
      if (issue.input === undefined && issue.path.length > 1) {
        return errors.badJson(`missing field \`${String(issue.path.at(-1))}\``);
      }
      if (issue.input === undefined) return errors.missingParam(path);
      return errors.badJson(`invalid type for \`${path}\`: expected ${issue.expected}`);
    case 'invalid_value': {
      if (issue.input === undefined) return errors.missingParam(path);
      // serde's wording, as upstream answers (Cypress Commons.js:1139): the variant sent and every accepted one
      const expected = issue.values.map((value) => `\`${String(value)}\``).join(', ');
      return errors.badJson(`unknown variant ${variantSent(issue.input)}, expected one of ${expected}`);
    }
    case 'too_small': {
      // upstream's ValidateSchema (router_derive schema.rs) words a text's length limits so
      if (issue.origin === 'string' && !issue.exact) return errors.invalidValue(path, `must be at least ${String(issue.minimum)} characters long. Received ${textLength(issue.input)} characters`);
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      const verb = issue.exact ? 'must be exactly' : issue.origin === 'string' || issue.origin === 'array' ? 'must have at least' : 'must be at least';
      return errors.invalidValue(path, `${verb} ${String(issue.minimum)}${unit}`);
    }
    case 'too_big': {
      if (issue.origin === 'string' && !issue.exact) return errors.invalidValue(path, `must be at most ${String(issue.maximum)} characters long. Received ${textLength(issue.input)} characters`);
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      const verb = issue.exact ? 'must be exactly' : issue.origin === 'string' || issue.origin === 'array' ? 'may have at most' : 'must be at most';
      return errors.invalidValue(path, `${verb} ${String(issue.maximum)}${unit}`);
    }
    case 'invalid_format':
      return errors.invalidValue(path, `is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`);
    case 'invalid_union': {
      if (issue.input === undefined) return errors.missingParam(path);
      const inner = issue.errors.flat().find((i) => i.code === 'unrecognized_keys');
      if (inner) return issueToError({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue);
      return errors.badJson(`\`${path}\` does not match any accepted shape`);
    }
    case 'custom':
      return errors.invalidValue(path || 'the request', issue.message);
    default:
      return errors.invalidValue(path || 'the request', 'is invalid');
  }
}
