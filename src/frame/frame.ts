/**
 * The isolated card frame's page script (the entry of `dist/frame/`, served by the payment API's host
 * at `/frame/card`). It runs the same card form, flow, text and appearance code as `inline` mode, and
 * talks to its host element over the channel of ./protocol.ts:
 *
 * - it shows the form at once, in the language and look the page's URL names (`?locale=&theme=&hide=&show=`,
 *   set by the host), loading: the customer can type while the host's configuration and the payment
 *   are on their way (the protocol's zod schemas load beside this script, not before it);
 * - it says `hello` to its parent (again when the parent asks with `announce`, until it is connected:
 *   an iframe the merchant's server rendered may have said it before the element listened) and takes
 *   one `connect` with a port, only from `window.parent`;
 * - when its URL names the payment (`?client_secret=…`, set by the host, or in the fragment), it takes
 *   the payment and its list from the answers the API's host put in its page, or asks the API for them
 *   at once, beside the host's configuration; the form's first GETs take those answers
 *   (docs/decisions/0093, 0098);
 * - it applies each `configure` to the form, and calls the API on its own origin only (whatever the
 *   host says: a compromised merchant page cannot point the card data elsewhere);
 * - it forwards the form's events as they are, asks the host before a confirm (`tender-submit`) and
 *   a navigation (`tender-redirect`), and has the host open the 3-D Secure dialog over the page;
 * - it tells the host its height (the iframe has no inner scrolling) and its localised title.
 *
 * Nothing it sends holds card data: events carry codes, never field values, and `send()` refuses a
 * message holding the number or the CVC being typed, as a last line.
 */
import { defineCardForm, type TenderCardForm } from '../elements/tender-checkout/card-form.js';
import type { FrameHooks } from '../elements/controllers/payment-flow-controller.js';
import type { ConfirmOutcome } from '../events.js';
import type * as ProtocolModule from './protocol.js';
import type { FrameConfig } from './protocol.js';
import { FORWARDED_EVENTS, frameNeeds, isAnnounce, message } from './envelope.js';
import { watchHeight } from './room.js';
import { whenLeft } from '../elements/challenge/watch.js';

/** A value of a host `--tender-*` property the frame takes: no URL, no escape, no way out of the declaration. */
const SAFE_VALUE = /^[^\\;{}<>]*$/;
const FETCHING = /url\(|image|src\(|@import/i;
/**
 * Viewport units: inside the frame the viewport is the iframe, whose height the host sets from the
 * content's, so a length in them would grow the frame and itself without end.
 */
const VIEWPORT_UNIT = /\d(?:[sld]?v[hwbi]|[sld]?vmin|[sld]?vmax)\b/i;

const PAGE_CSS = 'html,body{margin:0;padding:0;background:transparent}body{overflow:hidden}';

export interface FrameOptions {
  /** The window the frame runs in (tests pass their own). */
  window?: Window;
  /** The payment API's base URL: the frame page's own origin and path prefix by default. */
  apiBase?: string;
}

/** Starts the frame: shows the form (loading until the host's first `configure`) and waits for the host. Returns the form. */
export function startFrame(options: FrameOptions = {}): TenderCardForm {
  const win = options.window ?? window;
  const doc = win.document;
  defineCardForm();
  const protocol: Promise<typeof ProtocolModule> = import('./protocol.js');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(PAGE_CSS);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];

  const form = doc.createElement('tender-card-form');
  const apiBase = options.apiBase ?? new URL('..', win.location.href).href.replace(/\/+$/, '');
  let port: MessagePort | null = null;
  /** What is said before the channel exists (a change typed before the host connected), sent once it does. */
  const queue: unknown[] = [];
  let config: FrameConfig | null = null;
  let nextId = 1;
  const answers = new Map<number, (value: boolean | null) => void>();
  let variables: string[] = [];
  /** The appearance the host last sent, as JSON (each change is applied once). */
  let lastAppearance = 'null';

  /**
   * Sends a message to the host, unless it holds the card number being typed (12 digits or more: a
   * shorter run, such as a CVC, would match dates and amounts in any payment, so it is no test; no
   * message is built from a field in the first place).
   */
  const send = (body: Record<string, unknown> & { type: string }): void => {
    const digits = (form.renderRoot.querySelector<HTMLInputElement>('#number')?.value ?? '').replace(/\D/g, '');
    if (digits.length >= 12 && JSON.stringify(body).replace(/[\s-]/g, '').includes(digits)) return;
    if (port) port.postMessage(message(body));
    else queue.push(message(body));
  };

  /** Asks the host a question (`submit`, `redirect`, `challenge`) and waits for its answer. */
  const ask = (body: Record<string, unknown> & { type: string }, signal?: AbortSignal): Promise<boolean | null> => {
    const id = nextId++;
    return new Promise((resolve) => {
      answers.set(id, resolve);
      signal?.addEventListener('abort', () => {
        answers.delete(id);
        send({ type: 'challenge-abort', id });
        resolve(null);
      });
      send({ ...body, id });
    });
  };

  const query = new URL(win.location.href).searchParams;
  const prefetched = prefetchPayment(win, apiBase, query);
  let markConfigured: () => void = () => undefined;
  const hooks: FrameHooks = {
    // the payment the URL names starts loading at once; what the host's page URL says waits for its configuration
    configured: () => config !== null || prefetched !== null,
    configuration: new Promise<void>((resolve) => (markConfigured = resolve)),
    fetch: (url, init) => {
      const answer = prefetched?.take(url, init);
      return answer ?? fetch(url, init);
    },
    pageUrl: () => config?.pageUrl ?? '',
    submit: async (paymentId) => (await ask({ type: 'submit', paymentId })) === true,
    redirect: async (paymentId, url) => (await ask({ type: 'redirect', paymentId, url })) === true,
    returned: (params) => send({ type: 'returned', params }),
    challenge: async (url, paymentId, signal, left) => {
      const title = form.text('status.continueAuthentication');
      // the host page makes no request to the API: this frame reads the payment while the host's dialog is open
      // (watch.ts), and once it moved on asks the host to close it (`challenge-abort`)
      const watch = new AbortController();
      signal.addEventListener('abort', () => watch.abort(), { once: true });
      // once it ended the host gives focus back to this frame, where the form places it as inline
      const ended = await Promise.race([ask({ type: 'challenge', url, paymentId, title, close: form.text('close') }, watch.signal), whenLeft(left, watch.signal).then(() => true)]);
      watch.abort();
      return signal.aborted ? null : ended;
    },
  };

  for (const name of FORWARDED_EVENTS) {
    form.addEventListener(name, (event) => send({ type: 'event', name, detail: (event as CustomEvent).detail as Record<string, unknown> }));
  }

  /** The host's `--tender-*` values, on the frame's root (the form reads them as host CSS). */
  const applyVariables = (next: Record<string, string>) => {
    const style = doc.documentElement.style;
    for (const name of variables) style.removeProperty(name);
    variables = [];
    for (const [name, value] of Object.entries(next)) {
      if (!SAFE_VALUE.test(value) || FETCHING.test(value) || VIEWPORT_UNIT.test(value)) continue;
      style.setProperty(name, value);
      variables.push(name);
    }
  };

  /** The merchant this frame was opened for (its URL's key picked the `frame-ancestors`): the host may not swap it. */
  const key = new URL(win.location.href).searchParams.get('key') ?? '';
  const configure = (next: FrameConfig) => {
    if (next.publishableKey !== key) {
      // another merchant's key than the page was served for would escape that merchant's allowed origins
      config = { ...next, publishableKey: '', clientSecret: '' };
      form.publishableKey = '';
      form.clientSecret = '';
      form.apiBase = apiBase; // a partial configuration: the form says it is not set up
      return;
    }
    config = next;
    applyVariables(next.variables);
    const target = form as unknown as Record<string, unknown>;
    if (form.apiBase !== apiBase) form.apiBase = apiBase;
    for (const name of ['publishableKey', 'clientSecret', 'returnUrl', 'locale', 'threeDs', 'theme', 'hideButton', 'hideName', 'disabled', 'requestTimeout'] as const) {
      if (target[name] !== next[name]) target[name] = next[name];
    }
    form.showBrands = next.showBrands ?? false;
    form.preferredNetwork = next.preferredNetwork ?? '';
    form.saveCard = next.saveCard ?? 'auto';
    form.billing = next.billing ?? 'auto';
    form.email = next.email ?? 'auto';
    form.phone = next.phone ?? 'auto';
    const asked = JSON.stringify(next.appearance);
    if (asked !== lastAppearance) {
      lastAppearance = asked;
      form.appearance = withoutViewportUnits(next.appearance, (key) =>
        send({ type: 'event', name: 'tender-error', detail: { code: 'invalid_appearance', message: `${key} uses a viewport unit, by which the card frame cannot size itself`, recoverable: true, key } }),
      );
    }
    if (JSON.stringify(form.messages) !== JSON.stringify(next.messages)) form.messages = next.messages;
    markConfigured();
    void form.updateComplete.then(sendMeta);
  };

  let lastMeta = '';
  const sendMeta = () => {
    const base = form.renderRoot.querySelector('.base');
    const meta = { title: form.text('frameTitle'), lang: base?.getAttribute('lang') ?? 'en', dir: base?.getAttribute('dir') === 'rtl' ? 'rtl' : 'ltr' };
    const key = JSON.stringify(meta);
    if (key === lastMeta) return;
    lastMeta = key;
    doc.documentElement.lang = meta.lang;
    doc.title = meta.title;
    send({ type: 'meta', ...meta });
  };

  const onHost = (schemas: typeof ProtocolModule, data: unknown) => {
    const parsed = schemas.HostMessage.safeParse(data);
    if (!parsed.success) {
      // a configuration the frame cannot take is said, not left loading (anything else malformed is dropped)
      if ((data as { type?: unknown } | null)?.type === 'configure') {
        const member = parsed.error.issues[0]?.path.slice(1).join('.') ?? '';
        send({ type: 'event', name: 'tender-error', detail: { code: 'configuration', message: `The card frame cannot use the element's ${member || 'configuration'}`, recoverable: false } });
      }
      return;
    }
    const received = parsed.data;
    switch (received.type) {
      case 'configure':
        configure(received.config);
        return;
      case 'confirm':
        void form.confirm().then((outcome: ConfirmOutcome) => send({ type: 'confirmed', id: received.id, outcome }));
        return;
      case 'focus':
        form.focus();
        return;
      case 'answer':
      case 'challenge-done': {
        const resolve = answers.get(received.id);
        answers.delete(received.id);
        const answer = () => resolve?.(received.type === 'answer' ? received.proceed : received.ended);
        // the host gives this frame focus back as its dialog closes, from another process: the form places it
        // (on *Continue authentication*, the outcome) only once it is here, or after 300 ms without it
        if (received.type === 'answer' || win.document.hasFocus()) return answer();
        win.addEventListener('focus', answer, { once: true });
        setTimeout(answer, 300);
        return;
      }
    }
  };

  // the form at once, in the language and look the URL names, loading until the host configures it
  const hidden = (query.get('hide') ?? '').split(',');
  form.locale = query.get('locale') || 'en';
  form.theme = (query.get('theme') ?? '') as TenderCardForm['theme'];
  form.hideName = hidden.includes('name');
  form.hideButton = hidden.includes('button');
  // `?show=brands`: the row of accepted networks is there from the first paint (the frame's height does not change when it fills)
  form.showBrands = (query.get('show') ?? '').split(',').includes('brands');
  // the billing fields (`?billing=&email=&phone=` when not `auto`) and the payment the fragment names: with the
  // payment-method list asked for at once, the fields it asks for are in the form's first height (its hello)
  for (const name of ['billing', 'email', 'phone'] as const) form[name] = query.get(name) || 'auto';
  if (prefetched) Object.assign(form, { apiBase, publishableKey: prefetched.key, clientSecret: prefetched.clientSecret });
  form.hooks = hooks;
  doc.body.append(form);
  // the frame's height, never shorter than what it paints (./room.ts)
  watchHeight(form, win, send, sendMeta);

  /** This document's mark in its `hello`: the host answers one document once, however often it says hello. */
  const documentId = Math.random().toString(36).slice(2, 12);
  const hello = () => {
    if (!port) win.parent.postMessage(message({ type: 'hello', height: Math.ceil(form.getBoundingClientRect().height), doc: documentId }), '*');
  };
  win.addEventListener('message', async (event: MessageEvent) => {
    // one channel, from the window that framed this page: a sibling frame, a popup or this page itself is ignored
    if (port || win.parent === win || event.source !== win.parent) return;
    // the host asks again (it adopted this frame after its first hello): hello once painted, unless connected by then
    if (event.ports.length === 0 && isAnnounce(event.data)) return void form.updateComplete.then(hello);
    if (event.ports.length !== 1) return;
    const schemas = await protocol;
    if (port || !schemas.Connect.safeParse(event.data).success) return;
    port = event.ports[0]!;
    port.onmessage = (received) => onHost(schemas, received.data);
    // no size said before the channel, but the height now: while the frame is 0 px high its browser may not render
    // it, so a queued size can be older than the hello the host showed the frame at (the card fields alone, before
    // the billing fields the list asked for) and would shrink it for a frame or two
    for (const queued of queue.splice(0)) if ((queued as { type?: unknown }).type !== 'size') port.postMessage(queued);
    port.postMessage(message({ type: 'size', height: Math.ceil(form.getBoundingClientRect().height) }));
  });
  // hello once the form is painted, with its height: the host shows the frame without waiting for the channel
  if (win.parent !== win) void form.updateComplete.then(hello);
  return form;
}

/**
 * The payment the frame's URL names (`?client_secret=<secret>`, or in its fragment), and its
 * payment-method list unless the URL says the form needs none (`billing`, `email` and `phone` all
 * `never`, no `show=brands`): the answers the page carries when the API rendered it for the payment
 * (docs/decisions/0098), else asked for at once, as the API client would ask (same URL, same
 * `api-key`). Each answer waits for the client's first matching GET, which takes it once. The secret
 * is then taken off the frame's own URL. Null when the URL names none, or names no publishable key.
 */
function prefetchPayment(win: Window, apiBase: string, query: URLSearchParams): { key: string; clientSecret: string; take(url: string, init: RequestInit): Promise<Response> | null } | null {
  const location = new URL(win.location.href);
  const clientSecret = new URLSearchParams(location.hash.slice(1)).get('client_secret') ?? query.get('client_secret') ?? '';
  const key = query.get('key') ?? '';
  if (!clientSecret) return null;
  location.searchParams.delete('client_secret');
  win.history.replaceState(win.history.state, '', location.pathname + location.search);
  const cut = clientSecret.lastIndexOf('_secret_');
  if (cut <= 0 || !/^pk_[a-z]+_\w+$/.test(key)) return null;
  const secret = `?client_secret=${encodeURIComponent(clientSecret)}`;
  const urls: [string, string][] = [['payment', `${apiBase}/payments/${encodeURIComponent(clientSecret.slice(0, cut))}${secret}`]];
  if (frameNeeds((name) => query.get(name)).list) urls.push(['list', `${apiBase}/account/payment_methods${secret}`]);
  // the answers the payment's own page carries (sandbox/routes/frame.ts); what it lacks is asked for here
  let given: Record<string, unknown> = {};
  try {
    given = JSON.parse(win.document.getElementById('tender-answers')?.textContent || '{}') as Record<string, unknown>;
  } catch {
    // none: the form asks
  }
  const answers = new Map<string, Promise<Response>>();
  for (const [name, url] of urls) {
    const known = given[name];
    const answer = known === undefined ? fetch(url, { method: 'GET', headers: { 'api-key': key } }) : Promise.resolve(new Response(JSON.stringify(known), { headers: { 'content-type': 'application/json' } }));
    // a failed prefetch is no answer: the client asks again itself
    answer.catch(() => undefined);
    answers.set(url, answer);
  }
  return {
    key,
    clientSecret,
    take(asked, init) {
      const answer = answers.get(asked);
      if (!answer || (init.method ?? 'GET') !== 'GET' || new Headers(init.headers).get('api-key') !== key) return null;
      answers.delete(asked);
      return answer;
    },
  };
}

/** `appearance` without the variables whose values use a viewport unit (each reported): see VIEWPORT_UNIT. */
function withoutViewportUnits(appearance: FrameConfig['appearance'], report: (key: string) => void): FrameConfig['appearance'] {
  const variables = appearance?.variables;
  if (!variables || typeof variables !== 'object') return appearance;
  const kept = Object.fromEntries(
    Object.entries(variables as Record<string, unknown>).filter(([name, value]) => {
      if (typeof value !== 'string' || !VIEWPORT_UNIT.test(value)) return true;
      report(`appearance.variables.${name}`);
      return false;
    }),
  );
  return { ...appearance, variables: kept };
}

