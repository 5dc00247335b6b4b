/**
 * A `return_url` that is no URL at all, refused as upstream refuses it: its `return_url` is an
 * `Option<Url>`, so serde_json stops reading the body there with the url crate's words, the value
 * in Rust's debug quoting and where the value ended ("Json deserialize error: relative URL without a
 * base: \"not_a_valid_url\" at line 1 column 357"; upstream's Cypress Variations spec expects exactly
 * that). A URL that parses but is not http(s) stays the sandbox's own refusal (422 IR_06).
 */
import type * as z from 'zod/mini';
import { errors, type ApiError } from '../domain/errors.js';

export function unreadableReturnUrl(issue: z.core.$ZodIssue, text: string): ApiError | null {
  if (issue.code !== 'invalid_format' || issue.path.length !== 1 || issue.path[0] !== 'return_url' || typeof issue.input !== 'string') return null;
  const value = issue.input;
  const reason = urlCrateError(value);
  if (reason === null) return null;
  const end = topLevelStringEnd(text, 'return_url');
  if (end < 0) return null;
  const lineStart = text.lastIndexOf('\n', end) + 1;
  const line = text.slice(0, lineStart).split('\n').length;
  const column = Buffer.byteLength(text.slice(lineStart, end + 1));
  // a value that could hold a card number is not repeated
  const shown = /\d{12}/.test(value) ? 'the value sent' : rustDebug(value);
  return errors.badJson(`${reason}: ${shown} at line ${line} column ${column}`);
}

/** The url crate's `ParseError` for a text WHATWG parsing refuses; null when it parses. */
function urlCrateError(value: string): string | null {
  if (URL.canParse(value)) return null;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return 'relative URL without a base';
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(value)?.[1];
  if (authority === undefined) return 'relative URL with a cannot-be-a-base base';
  const host = authority.replace(/^[^@]*@/, '');
  if (host === '' || host.startsWith(':')) return 'empty host';
  if (host.startsWith('[')) return 'invalid IPv6 address';
  if (/:[^\]]*$/.test(host) && !/:\d{0,5}$/.test(host)) return 'invalid port number';
  if (/:(\d+)$/.test(host) && Number(/:(\d+)$/.exec(host)?.[1]) > 65535) return 'invalid port number';
  return 'invalid domain character';
}

/** `"…"` as Rust's `{:?}` writes a string: quotes, backslashes and control characters escaped. */
function rustDebug(value: string): string {
  let out = '"';
  for (const character of value) {
    const code = character.codePointAt(0) as number;
    if (character === '"' || character === '\\') out += `\\${character}`;
    else if (character === '\n') out += '\\n';
    else if (character === '\r') out += '\\r';
    else if (character === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += character;
  }
  return `${out}"`;
}

/**
 * The index of the closing quote of the string value of `key` among the top-level members of the
 * JSON object `text` (-1 when it is not a string there).
 */
function topLevelStringEnd(text: string, key: string): number {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') {
      const close = stringEnd(text, at);
      if (depth === 1) {
        let next = close + 1;
        while (/\s/.test(text[next] ?? '')) next += 1;
        if (text[next] === ':' && JSON.parse(text.slice(at, close + 1)) === key) {
          next += 1;
          while (/\s/.test(text[next] ?? '')) next += 1;
          return text[next] === '"' ? stringEnd(text, next) : -1;
        }
      }
      at = close;
    } else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return -1;
}

/** The index of the quote that closes the JSON string opening at `open`. */
function stringEnd(text: string, open: number): number {
  for (let at = open + 1; at < text.length; at += 1) {
    if (text[at] === '\\') at += 1;
    else if (text[at] === '"') return at;
  }
  return text.length;
}
