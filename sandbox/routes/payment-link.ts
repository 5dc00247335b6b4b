import type { Context } from 'hono';
import { authenticate } from '../http/auth.js';
import { readBody } from '../http/body.js';
import { listPaymentLinks, retrievePaymentLink } from '../domain/payment-links.js';
import { PaymentLinkListConstraints } from '../../src/api/admin.js';
import { ApiError } from '../domain/errors.js';
import { readForm } from '../http/request.js';
import { redirectToMerchant } from '../domain/redirect.js';
import type { MerchantAccount, Payment } from '../domain/types.js';
import { paymentLinkPage } from '../pages/payment-link.js';
import { linkExpiredPage, messagePage, postBackPage } from '../pages/three-ds.js';
import type { App, RouteDeps } from './deps.js';
import { securePage } from './page-response.js';
import { sessionEnd } from '../domain/sdk-auth.js';

const CARD_FIELDS = ['card_number', 'card_exp_month', 'card_exp_year', 'card_cvc', 'card_holder_name'] as const;

/**
 * The payment link of a payment created with `payment_link: true` (upstream's
 * `/payment_link/{merchant_id}/{payment_id}`, `initiate_payment_link`): a page with the payment
 * and a card form; its answer confirms the payment as the merchant's server would, then goes on to
 * the 3-D Secure page or back to the payment's `return_url` (with the usual parameters).
 */
export function paymentLinkRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, merchants } = deps;
  const path = '/payment_link/:merchant_id/:payment_id';
  const send = (c: Context, body: string, status: 200 | 400 | 404, merchant: MerchantAccount | null, payment: Payment | null = null) => {
    securePage(c, merchant, merchants.profiles.returnUrlOf(payment, merchant));
    return c.html(body, status);
  };
  /** The link's payment, or null when there is none (unknown, or created without a payment link). */
  const linked = (c: Context): { merchant: MerchantAccount; payment: Payment } | null => {
    const { merchant_id, payment_id } = c.req.param();
    const merchant = merchant_id ? store.merchant(merchant_id) : null;
    const payment = merchant && payment_id ? store.payment(merchant.merchant_id, payment_id) : null;
    return merchant && payment?.payment_link ? { merchant, payment } : null;
  };
  const action = (payment: Payment) => `/payment_link/${encodeURIComponent(payment.merchant_id)}/${encodeURIComponent(payment.payment_id)}`;
  const payable = (payment: Payment) => payment.status === 'requires_confirmation' || (payment.status === 'failed' && payment.manual_retry_allowed === true);
  /** A link is spent once the payment's client session ends (its `expiry`, payment-links.ts), as upstream's status page says. */
  const expired = (payment: Payment) => deps.now() > sessionEnd(payment);
  const expiredPage = (payment: Payment) => messagePage('Payment link', 'This payment link has expired.', payment.status);

  // the merchant's view of its links (upstream's payments_link_list and payment_link_retrieve: the secret key)
  app.post('/payment_link/list', async (c) => {
    const principal = authenticate(c, store, deps.adminKey, ['secret']);
    const constraints = await readBody(c, PaymentLinkListConstraints, { allowEmpty: true });
    return c.json(listPaymentLinks(store, principal.merchant.merchant_id, constraints, deps.now()));
  });
  app.get('/payment_link/:payment_link_id', (c) => {
    const principal = authenticate(c, store, deps.adminKey, ['secret']);
    return c.json(retrievePaymentLink(store, principal.merchant.merchant_id, c.req.param('payment_link_id'), deps.now()));
  });

  app.get(path, (c) => {
    const found = linked(c);
    if (!found) return send(c, linkExpiredPage(), 404, null);
    const { merchant, payment } = found;
    if (!payable(payment)) return send(c, messagePage('Payment link', 'This payment link has been used.', payment.status), 200, merchant, payment);
    if (expired(payment)) return send(c, expiredPage(payment), 200, merchant, payment);
    return send(c, paymentLinkPage(payment, merchant.merchant_name, action(payment)), 200, merchant, payment);
  });

  app.post(path, async (c) => {
    const found = linked(c);
    if (!found) return send(c, linkExpiredPage(), 404, null);
    const { merchant } = found;
    // a page left open past the link's expiry takes no card: the payment stays as it was
    if (payable(found.payment) && expired(found.payment)) return send(c, expiredPage(found.payment), 400, merchant, found.payment);
    // within the body limit, a malformed multipart body 400 IR_06 (http/request.ts), as every form post
    const form = await readForm(c);
    const card: Record<string, string> = {};
    for (const name of CARD_FIELDS) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim() !== '') card[name] = name === 'card_number' ? value.replace(/\s+/g, '') : value.trim();
    }
    let payment: Payment;
    try {
      payment = payments.confirm(merchant, found.payment.payment_id, {
        payment_method: 'card',
        payment_method_data: { card: { card_number: card.card_number ?? '', card_exp_month: card.card_exp_month ?? '', card_exp_year: card.card_exp_year ?? '', card_cvc: card.card_cvc ?? '', card_holder_name: card.card_holder_name ?? null } },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // the API's message: it never repeats a card value
      return send(c, paymentLinkPage(found.payment, merchant.merchant_name, action(found.payment), error.message), 400, merchant, found.payment);
    }
    const shown = payments.withChallengeLink(payment);
    if (shown.next_action?.type === 'redirect_to_url') return c.redirect(shown.next_action.redirect_to_url, 302);
    const returnUrl = merchants.profiles.returnUrlOf(payment, merchant);
    if (!returnUrl) return send(c, messagePage('Payment finished', 'You can close this window.', payment.status), 200, merchant, payment);
    const redirect = redirectToMerchant(payment, merchant, returnUrl);
    if (redirect.method === 'POST') return send(c, postBackPage(redirect.url, redirect.fields), 200, merchant, payment);
    securePage(c, merchant, returnUrl);
    return c.redirect(redirect.url, 302);
  });
}
