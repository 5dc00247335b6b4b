import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { apiError } from '../domain/errors.js';

/** The largest request body the sandbox reads, on any route. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const bodyTooLarge = () => apiError('bodyTooLarge', { limit: MAX_BODY_BYTES });

/**
 * Node's own request, when the app runs on @hono/node-server. Reading headers and the body from it
 * directly spares the hot confirm path the web `Headers`/`Request` objects Hono would otherwise build.
 */
const incomingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.incoming;

/** A request header by its lower-case name. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether the request carries a body: a length above zero, or one sent in chunks (no length). */
export function hasBody(c: Context): boolean {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.raw.body !== null;
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Each request's body, read once (app.ts reads it before any route runs; routes read it from here). */
const bodies = new WeakMap<object, Promise<Buffer>>();

/**
 * The body as bytes, counted while it streams and refused (413) as soon as it passes
 * MAX_BODY_BYTES, whatever it declares: a chunked body has no length to check first. The rest is
 * never read: the error answer closes the connection (app.ts).
 */
export function readBytes(c: Context): Promise<Buffer> {
  const request = incomingOf(c) ?? c.req.raw;
  let body = bodies.get(request);
  if (!body) {
    body = readLimited(c);
    bodies.set(request, body);
  }
  return body;
}

async function readLimited(c: Context): Promise<Buffer> {
  // (a web ReadableStream is async-iterable in Node; the DOM types do not say so)
  const stream = incomingOf(c) ?? (c.req.raw.body as AsyncIterable<Uint8Array> | null);
  if (!stream) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw bodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The body as text (UTF-8), within MAX_BODY_BYTES. */
export async function readText(c: Context): Promise<string> {
  return (await readBytes(c)).toString('utf8');
}

/**
 * The fields of a form body (`application/x-www-form-urlencoded` or `multipart/form-data`; files
 * are left out), within MAX_BODY_BYTES. A multipart body that cannot be parsed (no boundary, an
 * unterminated part) is `400 IR_06`; any other content type has no fields.
 */
export async function readForm(c: Context): Promise<Map<string, string>> {
  const bytes = await readBytes(c);
  const type = requestHeader(c, 'content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return new Map(new URLSearchParams(bytes.toString('utf8')));
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) return new Map();
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw apiError('badForm', { type: 'multipart/form-data' });
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form) if (typeof value === 'string') fields.set(name, value);
  return fields;
}
