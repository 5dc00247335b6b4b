import type { Context } from 'hono';
import { apiError, errors } from '../domain/errors.js';
import { readForm, requestHeader } from '../http/request.js';
import { challengePath, merchantPageOrigins, redirectResponsePath } from '../domain/challenge.js';
import { redirectToMerchant } from '../domain/redirect.js';
import type { MerchantAccount, Payment } from '../domain/types.js';
import { PAGES_CSS, PAGES_CSS_PATH, PAGES_JS_PATH } from '../pages/html.js';
import { PAGES_JS } from '../pages/script.js';
import { challengeEndPage, challengePage, linkExpiredPage, messagePage, postBackPage } from '../pages/three-ds.js';
import { phonePage } from '../pages/mobile-money.js';
import type { App, RouteDeps } from './deps.js';
import { securePage } from './page-response.js';

type PageStatus = 200 | 400 | 403 | 404;

/**
 * Customer-facing pages: the 3-D Secure test page (a GET with the link's token shows it, a POST
 * with the page's token answers it and sends the customer back to the merchant, or ends the frame),
 * the page that ends a framed challenge (`redirect_response_url`), the mobile-money simulator
 * (`/sandbox/mobile_money/{merchant_id}/{payment_id}`) and the pages' stylesheet and script.
 */
export function pageRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, merchants } = deps;
  const path = '/payments/redirect/:payment_id/:merchant_id/:attempt_id';
  /** Security headers for a page of `merchant` (page-response.ts), its forms going back to the payment's return URL. */
  const secure = (c: Context, merchant: MerchantAccount | null, payment: Payment | null): void => securePage(c, merchant, merchants.profiles.returnUrlOf(payment, merchant));
  const send = (c: Context, body: string, status: PageStatus, merchant: MerchantAccount | null, payment: Payment | null = null) => {
    secure(c, merchant, payment);
    return c.html(body, status);
  };
  const merchantOf = (merchantId: string) => store.merchant(merchantId) ?? null;

  app.get(path, (c) => {
    const { payment_id, merchant_id, attempt_id } = c.req.param();
    const merchant = merchantOf(merchant_id);
    const linkToken = c.req.query('token');
    if (!linkToken) {
      return send(c, messagePage('Link incomplete', 'This link is incomplete: open the payment again from the shop.'), 400, merchant);
    }
    const opened = payments.openChallenge(merchant_id, payment_id, attempt_id, linkToken);
    if (!opened) return send(c, linkExpiredPage(), 404, merchant);
    const action = challengePath(opened.payment, attempt_id);
    // a framed challenge left unanswered ends on its end page, which tells the merchant page
    const { endsInMs } = opened;
    const framed = opened.payment.is_iframe_redirection_enabled === true;
    const timeout = framed && endsInMs !== null ? { inMs: endsInMs, url: redirectResponsePath(opened.payment) } : null;
    return send(c, challengePage(opened.payment, merchant?.merchant_name ?? null, opened.pageToken, action, timeout), 200, merchant, opened.payment);
  });

  app.post(path, async (c) => {
    const { payment_id, merchant_id, attempt_id } = c.req.param();
    const merchant = merchantOf(merchant_id);
    const form = await readForm(c);
    const pageToken = form.get('page_token');
    if (typeof pageToken !== 'string' || pageToken === '') {
      // a cross-site form, or one not built by the test page
      return send(c, messagePage('Answer refused', 'This answer did not come from the page you answered: open the payment again from the shop.'), 400, merchant);
    }
    const answer = form.get('answer');
    if (answer !== 'complete' && answer !== 'reject') {
      return send(c, messagePage('Unknown answer', 'Choose Complete Payment or Reject Payment.'), 400, merchant);
    }
    const payment = payments.completeChallenge(merchant_id, payment_id, attempt_id, pageToken, answer);
    if (!payment) return send(c, linkExpiredPage(), 403, merchant);
    if (!merchant) throw errors.internal();
    const returnUrl = merchants.profiles.returnUrlOf(payment, merchant);
    const redirect = returnUrl ? redirectToMerchant(payment, merchant, returnUrl) : null;
    if (payment.is_iframe_redirection_enabled === true) {
      // the web SDK's message carries the return URL with its query, as a GET (upstream's return_url_with_query_params)
      const returnWithQuery = returnUrl ? redirectToMerchant(payment, { ...merchant, redirect_to_merchant_with_http_post: false }, returnUrl).url : null;
      const sdk = { url: returnWithQuery ?? `${deps.publicUrl}${redirectResponsePath(payment)}`, origins: merchant.allowed_origins ?? [] };
      return send(c, challengeEndPage(payment.payment_id, merchantPageOrigins(merchant, returnUrl), redirect, sdk), 200, merchant, payment);
    }
    if (!redirect) {
      return send(c, messagePage('Payment finished', 'No return_url is configured for this payment or merchant.', payment.status), 400, merchant, payment);
    }
    if (redirect.method === 'POST') return send(c, postBackPage(redirect.url, redirect.fields), 200, merchant, payment);
    secure(c, merchant, payment);
    return c.redirect(redirect.url, 302);
  });

  // `redirect_response_url` of the popup next action: ends a framed challenge; shows nothing of the payment
  // (the web SDK's modal also posts this URL itself as `openurl_if_required` when it is closed)
  app.get('/payments/:payment_id/:merchant_id/redirect/response/:connector', (c) => {
    const { payment_id, merchant_id } = c.req.param();
    const merchant = merchantOf(merchant_id);
    const payment = merchant ? store.payment(merchant_id, payment_id) : null;
    if (!payment) return send(c, linkExpiredPage(), 404, merchant);
    // reached without a token: the SDK's message carries this page's own URL, nothing of the payment
    const sdk = { url: `${deps.publicUrl}${redirectResponsePath(payment)}`, origins: merchant?.allowed_origins ?? [] };
    return send(c, challengeEndPage(payment.payment_id, merchantPageOrigins(merchant, merchants.profiles.returnUrlOf(payment, merchant)), null, sdk), 200, merchant, payment);
  });

  // the simulated phone: a payment named by its merchant and its id (ids are unique per merchant only)
  app.get('/sandbox/mobile_money/:merchant_id/:payment_id', (c) => {
    const { merchant_id, payment_id } = c.req.param();
    const payment = store.payment(merchant_id, payment_id);
    if (!payment) throw apiError('paymentNotFound');
    return send(c, phonePage(payment), 200, merchantOf(payment.merchant_id));
  });

  for (const answer of ['approve', 'decline'] as const) {
    app.post(`/sandbox/mobile_money/:merchant_id/:payment_id/${answer}`, (c) => {
      const payment = payments.answerMobileMoney(c.req.param('merchant_id'), c.req.param('payment_id'), answer);
      if ((requestHeader(c, 'accept') ?? '').includes('text/html')) return send(c, phonePage(payment), 200, merchantOf(payment.merchant_id));
      return c.json({ payment_id: payment.payment_id, status: payment.status });
    });
  }

  const asset = (c: Context, body: string, contentType: string) => {
    c.header('content-type', contentType);
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', 'public, max-age=3600');
    c.header('access-control-allow-origin', undefined);
    return c.body(body, 200);
  };
  app.get(PAGES_CSS_PATH, (c) => asset(c, PAGES_CSS, 'text/css; charset=utf-8'));
  app.get(PAGES_JS_PATH, (c) => asset(c, PAGES_JS, 'text/javascript; charset=utf-8'));
}
