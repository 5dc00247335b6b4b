/**
 * The protocol's envelope and event list, without the schemas: what the frame's first script needs
 * (the zod/mini schemas of ./protocol.ts load beside it and are in place before the first message).
 */
export const PROTOCOL = 'tender-frame';
export const PROTOCOL_VERSION = 1;

/** The events the frame forwards as they are (`tender-submit` and `tender-redirect` are questions: see ./protocol.ts). */
export const FORWARDED_EVENTS = ['tender-ready', 'tender-change', 'tender-result', 'tender-error'] as const;

/** A message of the protocol, with its envelope. */
export function message<T extends Record<string, unknown> & { type: string }>(body: T): T & { protocol: typeof PROTOCOL; v: typeof PROTOCOL_VERSION } {
  return { protocol: PROTOCOL, v: PROTOCOL_VERSION, ...body };
}
