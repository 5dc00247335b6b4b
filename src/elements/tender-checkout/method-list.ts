/**
 * The payment's payment-method list (`GET /account/payment_methods?client_secret=`), asked for once
 * per payment and shared by what reads it: the merchant's accepted networks (card-extras.ts) and
 * the billing fields' `required_fields` (billing-fields.ts). One request, not one per reader; in the
 * isolated frame it goes through the frame's fetch, which answers it with the list the frame page
 * asked for as it started (src/frame/frame.ts), so it arrives beside the payment. The form
 * (card-form.ts) asks for it as it asks for the payment, so inline it arrives beside the payment too
 * rather than after these readers' chunks; they find the same promise here.
 */
import type * as ClientModule from '../../api/client.js';
import type { FetchLike, PaymentMethodsResult } from '../../api/client.js';
import { lazy } from '../lazy.js';

export interface MethodListHost {
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
  requestTimeout: number;
  /** The isolated frame's hooks (its fetch), null in the page. */
  readonly hooks?: { fetch?: FetchLike } | null;
}

const loadClientModule = lazy<typeof ClientModule>(() => import('../../api/client.js'));

/**
 * The lists asked for, by key, secret, API and timeout (a few: one page rarely shows more than one
 * payment). One map per window, not per copy of this module: the frame's inline script and its
 * billing chunk each carry one.
 */
const asked: Map<string, Promise<PaymentMethodsResult>> = ((globalThis as Record<symbol, unknown>)[Symbol.for('tender.methodLists')] ??= new Map()) as Map<string, Promise<PaymentMethodsResult>>;
const KEPT = 4;

/**
 * The list of the host's payment: the same promise for the same payment, key and API; null while
 * any of them is missing. Rejects only when the client's chunk could not load (then forgotten, so
 * the next call asks again); an answer the API refused resolves `{ ok: false }`.
 */
export function methodList(host: MethodListHost): Promise<PaymentMethodsResult> | null {
  const { publishableKey, clientSecret, apiBase, requestTimeout } = host;
  if (!publishableKey || !clientSecret || !apiBase) return null;
  const id = `${publishableKey}|${clientSecret}|${apiBase}|${requestTimeout}`;
  let answer = asked.get(id);
  if (!answer) {
    const fetch = host.hooks?.fetch;
    answer = loadClientModule().then(({ createClient }) =>
      createClient({ publishableKey, baseUrl: apiBase, ...(requestTimeout > 0 ? { timeoutMs: requestTimeout } : {}), ...(fetch ? { fetch } : {}) }).listPaymentMethods(clientSecret),
    );
    const kept = answer;
    kept.catch(() => asked.get(id) === kept && asked.delete(id));
    asked.set(id, kept);
    if (asked.size > KEPT) asked.delete(asked.keys().next().value as string);
  }
  return answer;
}
