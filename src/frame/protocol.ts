/**
 * The host ↔ frame protocol of the isolated mode (docs/architecture.md, "The isolated card frame").
 *
 * The frame page says `hello` to its parent once its script runs (and again when the host asks with
 * `announce`, until connected); the host answers with `connect`
 * and one port of a private `MessageChannel`; everything after goes over that port. Every message is
 * `{ protocol: 'tender-frame', v: 1, type, … }` and is checked against these schemas on arrival, on
 * both sides; a message that fails is dropped. No message carries card data: the frame sends the
 * element's events (whose `detail` never holds number, expiry or CVC), sizes and questions.
 */
import * as z from 'zod/mini';
import { FORWARDED_EVENTS, PROTOCOL, PROTOCOL_VERSION } from './envelope.js';

export { FORWARDED_EVENTS, PROTOCOL, PROTOCOL_VERSION, message } from './envelope.js';

const envelope = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.object({ protocol: z.literal(PROTOCOL), v: z.literal(PROTOCOL_VERSION), type: z.literal(type), ...shape });

const id = z.number().check(z.int(), z.nonnegative());
const httpUrl = z.string().check(z.maxLength(4096), z.refine((url) => /^https?:\/\//i.test(url)));
const text = z.string().check(z.maxLength(1000));
const record = z.record(z.string(), z.unknown());

// ---- on the parent window (before the channel exists) ------------------------------------------

/**
 * Frame → parent, with `postMessage(…, '*')`: the form is painted (its height, so the host shows the
 * frame at once, before the channel exists) and waits for its port.
 */
export const Hello = envelope('hello', {
  height: z.number().check(z.nonnegative(), z.lte(10_000)),
  /** The document's mark: a hello said twice by one document (first on its own, then when asked) gets one channel. */
  doc: z.optional(z.string().check(z.maxLength(40))),
});
/**
 * Parent → frame, on the window, no port: "say hello again" (the host adopted a server-rendered iframe
 * that may have said hello before the element was defined). A frame already connected ignores it.
 */
export const Announce = envelope('announce', {});
/** Parent → frame, with the port transferred: the only window message the frame accepts, and only from `window.parent`. */
export const Connect = envelope('connect', {});

// ---- host → frame, over the port ----------------------------------------------------------------

/** What the host forwards: its attributes and properties, its page's URL and its `--tender-*` values. */
export const FrameConfig = z.object({
  publishableKey: text,
  clientSecret: text,
  /** Where a redirect comes back to (the host's `return-url`, else the host page). */
  returnUrl: z.string().check(z.maxLength(4096)),
  /** The host page's URL: a return from a redirect is read from it. */
  pageUrl: z.string().check(z.maxLength(8192)),
  /** Resolved on the host: never `auto` (the frame's own document has no language of the shop's). */
  locale: z.string().check(z.maxLength(35)),
  threeDs: z.enum(['modal', 'redirect']),
  theme: z.string().check(z.maxLength(40)),
  appearance: z.nullable(record),
  messages: z.record(z.string(), z.string()),
  hideButton: z.boolean(),
  hideName: z.boolean(),
  disabled: z.boolean(),
  requestTimeout: z.number().check(z.nonnegative()),
  /** `show-brands`: the merchant's accepted networks above the card number (optional: a host without it sends nothing). */
  showBrands: z.optional(z.boolean()),
  /** `preferred-network`: the network a co-badged card goes on unless the customer picks the other (`CartesBancaires`). */
  preferredNetwork: z.optional(z.string().check(z.maxLength(40))),
  /** `save-card`: `auto` offers to save a new card when the payment has a customer, `never` does not (optional, as above). */
  saveCard: z.optional(z.enum(['auto', 'never'])),
  /** `billing`, `email`, `phone`: the billing fields asked for (optional: a host without them sends nothing, `auto`). */
  billing: z.optional(z.string().check(z.maxLength(20))),
  email: z.optional(z.string().check(z.maxLength(20))),
  phone: z.optional(z.string().check(z.maxLength(20))),
  /** The host's computed `--tender-*` custom properties (name → value). */
  variables: z.record(z.string().check(z.regex(/^--tender-[a-z0-9-]+$/)), z.string().check(z.maxLength(200))),
});
export type FrameConfig = z.infer<typeof FrameConfig>;

export const HostMessage = z.discriminatedUnion('type', [
  envelope('configure', { config: FrameConfig }),
  /** `confirm()` on the host. */
  envelope('confirm', { id }),
  /** `focus()` on the host: the card number takes focus. */
  envelope('focus', {}),
  /** The answer to `submit` or `redirect`: `proceed` false when the host's listener called `preventDefault()`. */
  envelope('answer', { id, proceed: z.boolean() }),
  /** The 3-D Secure dialog on the host closed: `ended` true when the challenge page said it ended, false when the customer closed it. */
  envelope('challenge-done', { id, ended: z.boolean() }),
]);
export type HostMessage = z.infer<typeof HostMessage>;

// ---- frame → host, over the port ----------------------------------------------------------------

const outcome = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), detail: record }),
  z.object({ type: z.literal('redirect'), url: httpUrl }),
  z.object({ type: z.literal('invalid'), errors: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('cancelled') }),
  z.object({ type: z.literal('error'), detail: record }),
]);

export const FrameMessage = z.discriminatedUnion('type', [
  /** The height of the frame's content, in CSS px: the host gives the iframe that height. */
  envelope('size', { height: z.number().check(z.nonnegative(), z.lte(10_000)) }),
  /** The iframe's localised title and the frame's language. */
  envelope('meta', { title: text, lang: z.string().check(z.maxLength(35)), dir: z.enum(['ltr', 'rtl']) }),
  /** One of FORWARDED_EVENTS, dispatched on the host as it is. */
  envelope('event', { name: z.enum(FORWARDED_EVENTS), detail: record }),
  /** The customer asked to pay: the host fires the cancelable `tender-submit` and answers. */
  envelope('submit', { id, paymentId: text }),
  /** A top-level navigation is needed: the host fires the cancelable `tender-redirect`, answers, and navigates unless cancelled. */
  envelope('redirect', { id, paymentId: text, url: httpUrl }),
  /** The return from a redirect was read: the host takes its query parameters off its URL. */
  envelope('returned', { params: z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20)) }),
  /** What `confirm()` resolves with. */
  envelope('confirmed', { id, outcome }),
  /** A 3-D Secure challenge to show in a dialog over the page (the host answers `challenge-done`). */
  envelope('challenge', { id, url: httpUrl, paymentId: text, title: text, close: text }),
  /** The challenge asked for is void (a new payment): the host closes its dialog without an answer. */
  envelope('challenge-abort', { id }),
]);
export type FrameMessage = z.infer<typeof FrameMessage>;
