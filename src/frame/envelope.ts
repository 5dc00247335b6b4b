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

/**
 * The two window messages that come before the channel exists, checked by hand (the zod/mini schemas
 * of ./protocol.ts are a chunk the first paint does not wait for; each check is the schema's,
 * `Hello` and `Announce` there, as protocol.test.ts holds them to):
 * - `hello`, frame → parent: its height (0 to 10,000 CSS px) and optionally its document's mark;
 * - `announce`, parent → frame: say hello again (the host adopted an iframe that may have said it already).
 */
export function isHello(data: unknown): data is { height: number; doc?: string } {
  const hello = data as { protocol?: unknown; v?: unknown; type?: unknown; height?: unknown; doc?: unknown } | null;
  return (
    hello?.protocol === PROTOCOL &&
    hello.v === PROTOCOL_VERSION &&
    hello.type === 'hello' &&
    typeof hello.height === 'number' &&
    hello.height >= 0 &&
    hello.height <= 10_000 &&
    (hello.doc === undefined || (typeof hello.doc === 'string' && hello.doc.length <= 40))
  );
}

export function isAnnounce(data: unknown): boolean {
  const announce = data as { protocol?: unknown; v?: unknown; type?: unknown } | null;
  return announce?.protocol === PROTOCOL && announce.v === PROTOCOL_VERSION && announce.type === 'announce';
}

/**
 * What the frame's URL says its form may need (the host writes `billing`, `email` and `phone` when
 * they are not `auto`, and `show=brands`; `param` reads one of its query's values): `billing`, it may
 * show billing fields (not all three `never`), so their file is preloaded; `list`, it asks for the
 * payment-method list (billing fields, or the row of accepted networks). The frame and the sandbox's
 * frame page both decide by it.
 */
export function frameNeeds(param: (name: string) => string | null | undefined): { billing: boolean; list: boolean } {
  const billing = ['billing', 'email', 'phone'].some((name) => param(name) !== 'never');
  return { billing, list: billing || (param('show') ?? '').split(',').includes('brands') };
}
