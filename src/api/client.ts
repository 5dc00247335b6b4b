/**
 * `tender-checkout/client`: the headless payment API client (docs/architecture.md "Package surface"). `fetch`-based, runs in
 * Node 20 and browsers, imports `zod/mini` only. Every call resolves to a result value and never
 * throws; card data goes into the confirm request body and nowhere else (no error value, message or
 * log: the client writes no output at all).
 *
 * Retries: GETs (retrieve, payment-method list) are retried on network errors, timeouts, 5xx and
 * 429, with exponential back-off and jitter; never on another 4xx. The confirm POST is never
 * retried: when its outcome is unknown (network error, timeout, 5xx, unreadable 2xx body) the client
 * retrieves the payment and reports what it really is (see {@link ConfirmResult}).
 */
import { networkApiName, paymentNetwork, type CardNetwork } from '../card/networks.js';
import { detectBrand } from '../card/number.js';
import type { CardData } from './requests.js';
import { confirmBilling, type BillingInput } from './billing.js';
import { CARD_NETWORKS, type IntentStatus } from './enums.js';
import { clientError, configurationError, redact, type ClientError } from './errors.js';
import { ErrorEnvelope, PaymentMethodListResponse, PaymentResponse, SavedCardsResponse } from './schemas.js';
import { isConfirmable } from './statuses.js';
import { paymentIdOfClientSecret } from './client-secret.js';
import { collectBrowserInfo, savedCardMembers, type BrowserInfo, type CustomerAcceptance, type SavedCardInput, type SavedCardsResult } from './confirm-members.js';

export { customerAcceptance, type BrowserInfo, type CustomerAcceptance, type SavedCardInput, type SavedCardsResult } from './confirm-members.js';
export type { ClientError, ClientErrorCode, ClientErrorType } from './errors.js';
export type { PaymentMethodListResponse, PaymentResponse, SavedCard, SavedCardsResponse } from './schemas.js';

/** The `fetch` the client calls: the global one, or a stand-in with the same contract. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Back-off for GET retries. The n-th retry waits a random time in [d/2, d], d = min(maxDelayMs, baseDelayMs·2ⁿ). */
export interface RetryOptions {
  /** How many times a GET is retried after the first try. Default 3. */
  retries?: number;
  /** Default 250 ms. */
  baseDelayMs?: number;
  /** Upper bound of one wait, also for a server's `Retry-After`. Default 4000 ms. */
  maxDelayMs?: number;
}

/** Per-request time limits, in ms, covering the answer and its body. */
export interface TimeoutOptions {
  /** GET requests. Default 10 000. */
  retrieve?: number;
  /** The confirm POST. Default 15 000. */
  confirm?: number;
}

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** The merchant's publishable key (`pk_snd_…`, `pk_prd_…`). A secret key is refused. */
  publishableKey: string;
  /** Base URL of the payment API, e.g. `https://sandbox.example` or `https://host/api` (no query). */
  baseUrl: string;
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  fetch?: FetchLike;
  /** One number for every request, or per kind. */
  timeoutMs?: number | TimeoutOptions;
  /** A number sets the retry count only. */
  retries?: number | RetryOptions;
}

/**
 * Card details as the form holds them. Expiry parts may be numbers or strings (a two-digit year
 * means 20yy); the number may contain spaces or dashes. Number and CVC are strings so that leading
 * zeros survive.
 */
export interface CardInput {
  number: string;
  expiryMonth: number | string;
  expiryYear: number | string;
  cvc: string;
  holderName?: string | null;
  /**
   * The network the customer chose for a co-badged card (`cartes_bancaires` or the card's brand,
   * `coBadgedNetworks()` of `tender-checkout/card`). Ignored when the number is not co-badged on it;
   * when absent the card goes on its brand's network.
   */
  network?: CardNetwork | null;
  billing?: BillingInput | null; // the billing fields' details, sent as `payment_method_data.billing`, `billing`, `email` (./billing.ts)
}

/** Options of a confirm. */
export interface ConfirmOptions {
  /** Where the customer comes back after a redirect (http or https). */
  returnUrl: string;
  /** Sent as given; when absent, collected from the browser (left out in Node). */
  browserInfo?: BrowserInfo;
  /** Asks for the 3-D Secure challenge in a frame (`is_iframe_redirection_enabled`): `redirect_inside_popup` instead of `redirect_to_url`. */
  iframe?: boolean;
  /** The customer's consent to keep the card (the save box ticked, or the consent text of an off-session payment). */
  customerAcceptance?: CustomerAcceptance;
  /** Keep the card: `on_session` (the CVC is asked on return) when the customer ticked the save box. */
  setupFutureUsage?: 'on_session' | 'off_session';
}

/** A retrieve's result: the payment, or why there is none. */
export type PaymentResult = { ok: true; payment: PaymentResponse } | { ok: false; error: ClientError };

/**
 * A confirm's result. A declined card is `ok: true` with `payment.status === 'failed'` (an
 * outcome, not an error).
 *
 * - `ok: true, reconciled: false`: the confirm's own answer.
 * - `ok: true, reconciled: true`: the confirm's answer was lost (network error, timeout, 5xx,
 *   unreadable body) but the confirm was applied; `payment` is the retrieved payment.
 * - `ok: false` with `error.outcomeUnknown === false` and `payment`: the answer was lost and the
 *   retrieve shows the confirm was not applied (no new attempt; e.g. still `requires_confirmation`).
 *   Confirming again is safe: a payment can be confirmed into one attempt at a time only.
 * - `ok: false` with `error.outcomeUnknown === true`: the answer was lost and the retrieve failed
 *   too; the payment may or may not have been charged. Retrieve it later before saying anything.
 * - `ok: false` otherwise: refused (an `api` error such as `IR_16`, or `configuration`); nothing
 *   happened.
 */
export type ConfirmResult =
  | { ok: true; payment: PaymentResponse; reconciled: boolean }
  | { ok: false; error: ClientError; payment?: PaymentResponse };

/** {@link TenderClient.paymentFromReturnUrl}'s result: a retrieve result plus the client secret read from the URL. */
export type ReturnUrlResult = PaymentResult & { clientSecret: string };

/** A payment-method list result. */
export type PaymentMethodsResult =
  | { ok: true; paymentMethods: PaymentMethodListResponse }
  | { ok: false; error: ClientError };

/** The client {@link createClient} returns. No method throws. */
export interface TenderClient {
  /** `GET /payments/{id}?client_secret=…` with retries. */
  retrievePayment(clientSecret: string): Promise<PaymentResult>;
  /** `POST /payments/{id}/confirm` with a new card; never retried, reconciled by a retrieve when its outcome is unknown. */
  confirmCardPayment(clientSecret: string, card: CardInput, options: ConfirmOptions): Promise<ConfirmResult>;
  /** `POST /payments/{id}/confirm` with a saved card's `payment_token` (and its CVC when it needs one); as `confirmCardPayment` otherwise. */
  confirmSavedCardPayment(clientSecret: string, card: SavedCardInput, options: ConfirmOptions): Promise<ConfirmResult>;
  /**
   * Reads `payment_intent_client_secret` (and `payment_id`) from a return URL (absolute, relative or
   * a bare `?query`) and retrieves the payment; the query's `status` is never trusted. Resolves
   * null when the URL carries no client secret. A `payment_id` that is not the client secret's
   * payment is a `configuration` error (`payment_id_mismatch`) and nothing is fetched.
   */
  paymentFromReturnUrl(url: string | URL): Promise<ReturnUrlResult | null>;
  /** `GET /account/payment_methods?client_secret=…` with retries. */
  listPaymentMethods(clientSecret: string): Promise<PaymentMethodsResult>;
  /** `GET /customers/payment_methods?client_secret=…` with retries: the payment's customer's saved cards (none for a guest). */
  listSavedCards(clientSecret: string): Promise<SavedCardsResult>;
}

/** Query parameters the API adds to `return_url`; the element removes them from the address bar once read. */
export const RETURN_PARAMS = ['payment_intent_client_secret', 'payment_id', 'status', 'amount', 'manual_retry_allowed', 'signature', 'signature_algorithm'];

const DEFAULT_RETRY = { retries: 3, baseDelayMs: 250, maxDelayMs: 4000 };
const DEFAULT_TIMEOUTS = { retrieve: 10_000, confirm: 15_000 };
/** Statuses a confirm moves a payment out of (a retryable decline is confirmed again). */
const unconfirmed = (status: IntentStatus): boolean => isConfirmable(status) || status === 'failed';
/** How many payments' attempt counts the client remembers (for reconciling). */
const REMEMBERED_PAYMENTS = 50;

/** An HTTP answer with its body read. */
interface Answer {
  kind: 'answer';
  status: number;
  json: unknown;
  isJson: boolean;
  retryAfterMs: number | null;
}
type Exchange = Answer | { kind: 'failure'; error: ClientError };
type Parsed<T> = { ok: true; value: T } | { ok: false; error: ClientError };

const count = (value: unknown, fallback: number, max: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(Math.floor(value), max) : fallback;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isHttpUrl = (url: URL) => url.protocol === 'https:' || url.protocol === 'http:';

function parseUrl(value: unknown, base?: string): URL | null {
  try {
    return typeof value === 'string' || value instanceof URL ? new URL(value, base) : null;
  } catch {
    return null; // not a URL: the caller reports it
  }
}

const apiCardNetwork = (network: string): string | null => ((CARD_NETWORKS as readonly string[]).includes(network) ? network : null);

/** What the API calls a card: digits-only number, two-digit month, four-digit year, its network (chosen or detected). */
function cardData(card: CardInput): CardData {
  const number = String(card.number ?? '').replace(/[\s-]/g, '');
  const month = String(card.expiryMonth ?? '').trim();
  const year = String(card.expiryYear ?? '').trim();
  const network = paymentNetwork(number, detectBrand(number), card.network);
  const holderName = typeof card.holderName === 'string' ? card.holderName.trim() : '';
  return {
    card_number: number,
    card_exp_month: /^\d$/.test(month) ? `0${month}` : month,
    card_exp_year: /^\d{2}$/.test(year) ? `20${year}` : year,
    card_cvc: String(card.cvc ?? '').trim(),
    ...(holderName ? { card_holder_name: holderName } : {}),
    // only a value of the real service's CardNetwork enum: it refuses any other (Elo, Mir, … go as null)
    card_network: network ? apiCardNetwork(networkApiName(network)) : null,
  };
}

/**
 * Creates the headless client. Options are checked here but a problem is reported by each call
 * (a `configuration` error), so creating a client never throws either.
 */
export function createClient(options: ClientOptions): TenderClient {
  const { publishableKey, baseUrl, fetch: customFetch, timeoutMs, retries } = options ?? ({} as ClientOptions);
  const retry =
    typeof retries === 'object' && retries !== null
      ? {
          retries: count(retries.retries, DEFAULT_RETRY.retries, 10),
          baseDelayMs: count(retries.baseDelayMs, DEFAULT_RETRY.baseDelayMs, 60_000),
          maxDelayMs: count(retries.maxDelayMs, DEFAULT_RETRY.maxDelayMs, 60_000),
        }
      : { ...DEFAULT_RETRY, retries: count(retries, DEFAULT_RETRY.retries, 10) };
  const timeouts =
    typeof timeoutMs === 'object' && timeoutMs !== null
      ? {
          retrieve: count(timeoutMs.retrieve, DEFAULT_TIMEOUTS.retrieve, 600_000),
          confirm: count(timeoutMs.confirm, DEFAULT_TIMEOUTS.confirm, 600_000),
        }
      : { retrieve: count(timeoutMs, DEFAULT_TIMEOUTS.retrieve, 600_000), confirm: count(timeoutMs, DEFAULT_TIMEOUTS.confirm, 600_000) };

  const base = parseUrl(baseUrl);
  const apiBase = base && isHttpUrl(base) && !base.search && !base.hash ? base.origin + base.pathname.replace(/\/+$/, '') : null;
  const setupError: ClientError | null =
    typeof publishableKey !== 'string' || !/^pk_[a-z]+_[0-9A-Za-z]+$/.test(publishableKey)
      ? configurationError(
          'invalid_publishable_key',
          'publishableKey must be a publishable key (pk_snd_…, pk_prd_…); a secret key must never reach a browser.',
        )
      : apiBase === null
        ? configurationError('invalid_base_url', 'baseUrl must be an absolute http(s) URL without a query or fragment.')
        : null;

  /** Attempt counts seen per payment: tells a reconciled confirm's new attempt from an old decline. */
  const attemptCounts = new Map<string, number>();
  const remember = (payment: PaymentResponse) => {
    attemptCounts.delete(payment.payment_id);
    attemptCounts.set(payment.payment_id, payment.attempt_count);
    if (attemptCounts.size > REMEMBERED_PAYMENTS) attemptCounts.delete(attemptCounts.keys().next().value as string);
  };

  /** Checks the options and the client secret; returns the payment id or the error to report. */
  const prepare = (clientSecret: string): { paymentId: string } | { error: ClientError } => {
    if (setupError) return { error: setupError };
    const paymentId = paymentIdOfClientSecret(clientSecret);
    if (!paymentId) {
      return { error: configurationError('invalid_client_secret', 'The client secret is not a payment client secret (pay_…_secret_…).') };
    }
    return { paymentId };
  };

  /** One request with a time limit covering the answer and its body. Never rejects. */
  const send = async (path: string, init: RequestInit, limitMs: number): Promise<Exchange> => {
    const fetchImpl: FetchLike | undefined =
      customFetch ?? (typeof globalThis.fetch === 'function' ? (url, requestInit) => globalThis.fetch(url, requestInit) : undefined);
    if (!fetchImpl) return { kind: 'failure', error: configurationError('fetch_unavailable', 'No fetch implementation is available; pass one in the options.') };
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        resolve(null);
        controller.abort();
      }, limitMs);
    });
    const exchange = (async () => {
      const response = await fetchImpl(`${apiBase}${path}`, { ...init, signal: controller.signal });
      return { response, text: await response.text() };
    })();
    try {
      const done = await Promise.race([exchange, deadline]);
      if (done === null || timedOut) {
        // The abandoned request settles later (usually as an AbortError); its outcome no longer matters.
        exchange.catch(() => undefined);
        return { kind: 'failure', error: clientError('timeout', 'timeout', `The payment API did not answer within ${limitMs} ms.`) };
      }
      let json: unknown = null;
      let isJson = true;
      try {
        json = JSON.parse(done.text);
      } catch {
        isJson = false; // reported by interpret() as invalid_json or a status-based error
      }
      const retryAfter = done.response.headers.get('retry-after');
      const seconds = retryAfter === null || retryAfter.trim() === '' ? NaN : Number(retryAfter);
      return {
        kind: 'answer',
        status: done.response.status,
        json,
        isJson,
        retryAfterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null,
      };
    } catch {
      // The rejection's own text can hold the request URL (with the client secret): a fixed message instead.
      return timedOut
        ? { kind: 'failure', error: clientError('timeout', 'timeout', `The payment API did not answer within ${limitMs} ms.`) }
        : { kind: 'failure', error: clientError('network', 'network_error', 'The payment API could not be reached (network error).') };
    } finally {
      clearTimeout(timer);
    }
  };

  const headers = (json: boolean): Record<string, string> =>
    json ? { 'api-key': publishableKey, 'content-type': 'application/json' } : { 'api-key': publishableKey };

  /** A GET, retried on network errors, timeouts, 5xx and 429 with back-off and jitter. */
  const get = async (path: string): Promise<Exchange> => {
    for (let attempt = 0; ; attempt += 1) {
      const exchange = await send(path, { method: 'GET', headers: headers(false) }, timeouts.retrieve);
      const retryable =
        exchange.kind === 'failure'
          ? exchange.error.type === 'network' || exchange.error.type === 'timeout'
          : exchange.status >= 500 || exchange.status === 429;
      if (!retryable || attempt >= retry.retries) return exchange;
      const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
      const jittered = ceiling / 2 + (Math.random() * ceiling) / 2;
      const retryAfterMs = exchange.kind === 'answer' ? exchange.retryAfterMs : null;
      await sleep(retryAfterMs === null ? jittered : Math.min(retry.maxDelayMs, Math.max(jittered, retryAfterMs)));
    }
  };

  /** Turns an exchange into a parsed value or an error value; `secrets` are redacted from server messages. */
  const interpret = <T>(
    exchange: Exchange,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } } },
    what: string,
    secrets: readonly string[] = [],
  ): Parsed<T> => {
    if (exchange.kind === 'failure') return { ok: false, error: exchange.error };
    const { status, json, isJson } = exchange;
    if (status >= 200 && status < 300) {
      if (!isJson) return { ok: false, error: clientError('invalid_response', 'invalid_json', `The ${what} response is not JSON.`, status) };
      const parsed = schema.safeParse(json);
      if (parsed.success) return { ok: true, value: parsed.data };
      // An envelope with a 2xx status (upstream's `blocked` errors) is still the server's error.
      if (!ErrorEnvelope.safeParse(json).success) {
        const path = parsed.error.issues[0]?.path.map(String).join('.') || 'body';
        return { ok: false, error: clientError('invalid_response', 'unexpected_response', `The ${what} response does not match its schema (at ${path}).`, status) };
      }
    }
    const envelope = isJson ? ErrorEnvelope.safeParse(json) : null;
    if (envelope?.success) {
      const { code, message, type, error_type: errorType } = envelope.data.error;
      const error = clientError('api', redact(code, secrets), redact(message, secrets), status);
      const apiErrorType = type ?? errorType;
      return { ok: false, error: apiErrorType ? { ...error, apiErrorType } : error };
    }
    if (status >= 500) return { ok: false, error: clientError('server', 'server_error', `The payment API failed (HTTP ${status}).`, status) };
    if (status === 429) return { ok: false, error: clientError('server', 'rate_limited', 'The payment API is rate limiting requests (HTTP 429).', status) };
    return { ok: false, error: clientError('invalid_response', 'unexpected_status', `The payment API answered HTTP ${status} without an error envelope.`, status) };
  };

  /** A parsed payment response, checked to be the payment asked for. */
  const paymentResult = (exchange: Exchange, paymentId: string, secrets: readonly string[] = []): PaymentResult => {
    const parsed = interpret(exchange, PaymentResponse, 'payment', secrets);
    if (!parsed.ok) return parsed;
    if (parsed.value.payment_id !== paymentId) {
      const status = exchange.kind === 'answer' ? exchange.status : undefined;
      return { ok: false, error: clientError('invalid_response', 'payment_mismatch', 'The payment API answered about another payment.', status) };
    }
    remember(parsed.value);
    return { ok: true, payment: parsed.value };
  };

  const query = (clientSecret: string) => `?client_secret=${encodeURIComponent(clientSecret)}`;

  const retrievePayment = async (clientSecret: string): Promise<PaymentResult> => {
    const prepared = prepare(clientSecret);
    if ('error' in prepared) return { ok: false, error: prepared.error };
    const exchange = await get(`/payments/${encodeURIComponent(prepared.paymentId)}${query(clientSecret)}`);
    return paymentResult(exchange, prepared.paymentId);
  };

  const confirmCardPayment = async (clientSecret: string, card: CardInput, confirmOptions: ConfirmOptions): Promise<ConfirmResult> => {
    if (typeof card !== 'object' || card === null) {
      return { ok: false, error: configurationError('invalid_argument', 'confirmCardPayment needs the card details.') };
    }
    const cardDetails = cardData(card);
    return confirm(clientSecret, { payment_method: 'card', ...confirmBilling({ card: cardDetails }, card.billing) }, [cardDetails.card_number, cardDetails.card_cvc], confirmOptions);
  };

  /** The web SDK's `savedCardBody`: `payment_method`, `payment_token`, `customer_id`, and `card_token.card_cvc` when there is a CVC. */
  const confirmSavedCardPayment = async (clientSecret: string, card: SavedCardInput, confirmOptions: ConfirmOptions): Promise<ConfirmResult> => {
    const saved = savedCardMembers(card);
    if (!saved) return { ok: false, error: configurationError('invalid_argument', 'confirmSavedCardPayment needs the saved card\'s payment_token.') };
    return confirm(clientSecret, saved.members, saved.secrets, confirmOptions);
  };

  /** A confirm with the payment method's members (`secrets`: what no error message may repeat). */
  const confirm = async (clientSecret: string, method: Record<string, unknown>, secrets: string[], confirmOptions: ConfirmOptions): Promise<ConfirmResult> => {
    const prepared = prepare(clientSecret);
    if ('error' in prepared) return { ok: false, error: prepared.error };
    const { paymentId } = prepared;
    const returnUrl = parseUrl(confirmOptions?.returnUrl);
    if (!returnUrl || !isHttpUrl(returnUrl)) {
      return { ok: false, error: configurationError('invalid_return_url', 'options.returnUrl must be an absolute http(s) URL.') };
    }
    const browserInfo = confirmOptions.browserInfo ?? collectBrowserInfo();
    const { customerAcceptance: acceptance, setupFutureUsage } = confirmOptions;
    const body = JSON.stringify({
      client_secret: clientSecret,
      ...method,
      ...(acceptance ? { customer_acceptance: acceptance } : {}),
      ...(setupFutureUsage ? { setup_future_usage: setupFutureUsage } : {}),
      return_url: returnUrl.href,
      ...(browserInfo ? { browser_info: browserInfo } : {}),
      ...(confirmOptions.iframe ? { is_iframe_redirection_enabled: true } : {}),
    });
    const knownAttempts = attemptCounts.get(paymentId);
    const exchange = await send(
      `/payments/${encodeURIComponent(paymentId)}/confirm`,
      { method: 'POST', headers: headers(true), body },
      timeouts.confirm,
    );
    const result = paymentResult(exchange, paymentId, secrets);
    if (result.ok) return { ok: true, payment: result.payment, reconciled: false };
    // Refused (4xx envelope, 429) or a bad answer to a request not applied: report it; a 2xx envelope (a blocked card) was applied.
    const { error } = result;
    const mayHaveApplied =
      error.type === 'network' ||
      error.type === 'timeout' ||
      (error.type === 'server' && error.code === 'server_error') ||
      (error.type === 'api' && (error.status ?? 0) >= 500) ||
      ((error.type === 'invalid_response' || error.type === 'api') && exchange.kind === 'answer' && exchange.status >= 200 && exchange.status < 300);
    if (!mayHaveApplied) return { ok: false, error };
    // The confirm may have reached the server: never retry it, find out what the payment is now.
    const check = await retrievePayment(clientSecret);
    if (!check.ok) {
      return {
        ok: false,
        error: {
          ...error,
          message: `${error.message} The payment could not be checked afterwards, so whether it was confirmed is unknown.`,
          outcomeUnknown: true,
        },
      };
    }
    const { payment } = check;
    const applied = knownAttempts === undefined ? !unconfirmed(payment.status) : payment.attempt_count > knownAttempts;
    if (applied) return { ok: true, payment, reconciled: true };
    return {
      ok: false,
      error: {
        ...error,
        message: `${error.message} The confirm was not applied: the payment is still ${payment.status} and can be confirmed again.`,
        outcomeUnknown: false,
      },
      payment,
    };
  };

  const paymentFromReturnUrl = async (url: string | URL): Promise<ReturnUrlResult | null> => {
    const parsed = parseUrl(url, 'http://return.invalid/');
    const clientSecret = parsed?.searchParams.get('payment_intent_client_secret');
    if (!parsed || !clientSecret) return null;
    const paymentId = parsed.searchParams.get('payment_id');
    if (paymentId !== null && paymentId !== paymentIdOfClientSecret(clientSecret)) {
      const error = configurationError('payment_id_mismatch', 'The return URL names a payment_id that is not the client secret’s payment.');
      return { ok: false, error, clientSecret };
    }
    return { ...(await retrievePayment(clientSecret)), clientSecret };
  };

  const listPaymentMethods = async (clientSecret: string): Promise<PaymentMethodsResult> => {
    const prepared = prepare(clientSecret);
    if ('error' in prepared) return { ok: false, error: prepared.error };
    const parsed = interpret(await get(`/account/payment_methods${query(clientSecret)}`), PaymentMethodListResponse, 'payment method list');
    return parsed.ok ? { ok: true, paymentMethods: parsed.value } : parsed;
  };

  const listSavedCards = async (clientSecret: string): Promise<SavedCardsResult> => {
    const prepared = prepare(clientSecret);
    if ('error' in prepared) return { ok: false, error: prepared.error };
    const parsed = interpret(await get(`/customers/payment_methods${query(clientSecret)}`), SavedCardsResponse, 'saved card list');
    return parsed.ok ? { ok: true, savedCards: parsed.value } : parsed;
  };

  /** The "never throws" guarantee, for arguments no type check caught (e.g. a cyclic browserInfo). */
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>, onThrow: () => R) =>
    (...args: A): Promise<R> =>
      call(...args).catch(onThrow);
  const unusable = (): { ok: false; error: ClientError } => ({
    ok: false,
    error: configurationError('invalid_argument', 'The client was called with arguments it cannot use.'),
  });

  return {
    retrievePayment: guarded(retrievePayment, unusable),
    confirmCardPayment: guarded(confirmCardPayment, unusable),
    confirmSavedCardPayment: guarded(confirmSavedCardPayment, unusable),
    paymentFromReturnUrl: guarded(paymentFromReturnUrl, () => ({ ...unusable(), clientSecret: '' })),
    listPaymentMethods: guarded(listPaymentMethods, unusable),
    listSavedCards: guarded(listSavedCards, unusable),
  };
}
