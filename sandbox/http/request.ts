import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { apiError } from '../domain/errors.js';

/** The largest request body the sandbox reads. */
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

/**
 * The body as text, stopping at MAX_BODY_BYTES (a declared larger body is refused earlier, in
 * app.ts). A body over the limit is not read further: the error answer closes the connection.
 */
export async function readText(c: Context): Promise<string> {
  const incoming = incomingOf(c);
  if (!incoming) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw bodyTooLarge();
    return text;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw bodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
