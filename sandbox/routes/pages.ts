import { apiError, errors, ApiError } from '../domain/errors.js';
import { requestHeader } from '../http/request.js';
import { redirectToMerchant } from '../domain/redirect.js';
import { challengePage, messagePage, postBackPage } from '../pages/three-ds.js';
import { phonePage } from '../pages/mobile-money.js';
import type { App, RouteDeps } from './deps.js';

/**
 * Customer-facing pages: the 3-D Secure test page (GET shows it, POST answers it and sends the
 * customer back to the merchant) and the mobile-money simulator (`/sandbox/mobile_money/…`).
 */
export function pageRoutes(app: App, deps: RouteDeps): void {
  const { store, payments } = deps;
  const path = '/payments/redirect/:payment_id/:merchant_id/:attempt_id';

  app.get(path, (c) => {
    const { payment_id, merchant_id, attempt_id } = c.req.param();
    const payment = payments.pendingChallenge(merchant_id, payment_id, attempt_id);
    if (!payment) return c.html(messagePage('Link expired', 'This link is not valid or it is expired.'), 404);
    return c.html(challengePage(payment, store.merchant(merchant_id)?.merchant_name ?? null));
  });

  app.post(path, async (c) => {
    const { payment_id, merchant_id, attempt_id } = c.req.param();
    const form = await c.req.parseBody();
    const answer = form['answer'];
    if (answer !== 'complete' && answer !== 'reject') {
      return c.html(messagePage('Unknown answer', 'Choose Complete Payment or Reject Payment.'), 400);
    }
    let payment;
    try {
      payment = payments.completeChallenge(merchant_id, payment_id, attempt_id, answer);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'IR_16') {
        return c.html(messagePage('Link expired', 'This link is not valid or it is expired.'), 404);
      }
      throw error;
    }
    const merchant = store.merchant(merchant_id);
    if (!merchant) throw errors.internal();
    const returnUrl = payment.return_url ?? merchant.return_url;
    if (!returnUrl) {
      return c.html(messagePage('Payment finished', 'No return_url is configured for this payment or merchant.', payment.status), 400);
    }
    const redirect = redirectToMerchant(payment, merchant, returnUrl);
    if (redirect.method === 'POST') return c.html(postBackPage(redirect.url, redirect.fields));
    return c.redirect(redirect.url, 302);
  });

  app.get('/sandbox/mobile_money/:payment_id', (c) => {
    const payment = store.paymentById(c.req.param('payment_id'));
    if (!payment) throw apiError('paymentNotFound');
    return c.html(phonePage(payment));
  });

  for (const answer of ['approve', 'decline'] as const) {
    app.post(`/sandbox/mobile_money/:payment_id/${answer}`, (c) => {
      const payment = payments.answerMobileMoney(c.req.param('payment_id'), answer);
      if ((requestHeader(c, 'accept') ?? '').includes('text/html')) return c.html(phonePage(payment));
      return c.json({ payment_id: payment.payment_id, status: payment.status });
    });
  }
}
