import * as z from 'zod/mini';
import {
  PaymentCancelRequest,
  PaymentCaptureRequest,
  PaymentConfirmRequest,
  PaymentCreateRequest,
  PaymentUpdateRequest,
} from '../../src/api/requests.js';
import { authenticate, requireClientSecret, verifyClientSecret } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import { BLOCKED_ERROR_CODE } from '../domain/card-blocking.js';
import { apiError } from '../domain/errors.js';
import { isAllowedReturnUrl } from '../domain/merchants.js';
import { checkClientConfirm } from '../domain/payments/client-confirm.js';
import { ISO_DATE_TIME } from '../domain/payments/list.js';
import { paymentResponse } from '../domain/response.js';
import { encodeSdkAuthorization } from '../domain/sdk-auth.js';
import type { MerchantAccount, Payment } from '../domain/types.js';
import type { App, RouteDeps } from './deps.js';

const booleanFlag = z.optional(z.enum(['true', 'false']));
/** An ISO 8601 date-time, as upstream's query parameters take it (`2022-09-10T10:11:12Z`). */
const dateTime = z.optional(z.string().check(z.regex(ISO_DATE_TIME)));
/** upstream's PaymentListConstraints (`deny_unknown_fields`) */
const ListQuery = z.strictObject({
  customer_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  starting_after: z.optional(z.string().check(z.maxLength(64))),
  ending_before: z.optional(z.string().check(z.maxLength(64))),
  limit: z.optional(z.string().check(z.regex(/^-?\d{1,9}$/))),
  created: dateTime,
  'created.lt': dateTime,
  'created.gt': dateTime,
  'created.lte': dateTime,
  'created.gte': dateTime,
});
const RetrieveQuery = z.strictObject({
  client_secret: z.optional(z.string()),
  force_sync: booleanFlag,
  expand_attempts: booleanFlag,
  expand_captures: booleanFlag,
  all_keys_required: booleanFlag,
  merchant_id: z.optional(z.string()),
});

export function paymentRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, adminKey } = deps;
  // a pending 3-D Secure challenge is shown with a fresh single-use link (domain/challenge.ts)
  /**
   * The payment as a call answers it. `merchant`: the answer carries the payment's `sdk_authorization`
   * (upstream's list does not); `session`: it names the client session this call made (create, update).
   */
  const respond = (payment: Payment, { attempts = false, merchant = null, session = false }: { attempts?: boolean; merchant?: MerchantAccount | null; session?: boolean } = {}) =>
    paymentResponse(payments.withChallengeLink(payment), {
      customer: payment.customer_id ? store.customer(payment.merchant_id, payment.customer_id) : null,
      attempts: attempts ? payments.attempts(payment.merchant_id, payment.payment_id) : null,
      refunds: store.refundsOfPayment(payment.merchant_id, payment.payment_id),
      sdkAuthorization: merchant ? encodeSdkAuthorization(payment, merchant.publishable_key, session) : null,
    });

  /**
   * A create or confirm whose card the profile blocked (domain/card-blocking.ts) is answered as upstream
   * answers it, HTTP 200 with the error envelope; the payment, failed, is kept and retrieved as usual.
   */
  const confirmed = (payment: Payment, merchant: MerchantAccount, session = false) => {
    if (payment.status === 'failed' && payment.error_code === BLOCKED_ERROR_CODE) throw apiError('paymentBlocked', { message: payment.error_message ?? '' }, 'Blocked');
    return respond(payment, { merchant, session });
  };

  app.post('/payments', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentCreateRequest);
    const writable = store.writable();
    if (writable) await writable;
    return c.json(confirmed(payments.create(principal.merchant, request), principal.merchant, true));
  });

  app.post('/payments/:payment_id/confirm', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable'], deps.now);
    const request = await readBody(c, PaymentConfirmRequest);
    const paymentId = c.req.param('payment_id');
    const clientSecret = requireClientSecret(principal, request.client_secret);
    if (principal.kind === 'publishable' && request.return_url != null && !isAllowedReturnUrl(principal.merchant, request.return_url)) {
      throw apiError('returnUrlNotAllowed');
    }
    const authorize = (payment: Payment) => {
      verifyClientSecret(payment, clientSecret, deps.now());
      // the browser adds the card and what 3-D Secure needs; it may repeat what the merchant decided, not change it
      if (principal.kind === 'publishable') {
        checkClientConfirm(request, payment, payment.customer_id ? (store.customer(payment.merchant_id, payment.customer_id) ?? null) : null);
      }
    };
    // the browser's `email` and `payment_type` are ignored on confirm (CLIENT_CONFIRM_MEMBERS): the one never changes
    // the merchant's customer, the other is what the payment is (upstream's confirm reads neither)
    const applied = principal.kind === 'publishable' ? { ...request, email: undefined, payment_type: undefined } : request;
    const writable = store.writable();
    if (writable) await writable;
    return c.json(confirmed(payments.confirm(principal.merchant, paymentId, applied, authorize, principal.kind === 'publishable'), principal.merchant));
  });

  // registered before /payments/:payment_id, which would take `list` for an id
  app.get('/payments/list', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const query = readQuery(c, ListQuery);
    const data = payments.list(principal.merchant.merchant_id, query).map((payment) => respond(payment));
    return c.json({ size: data.length, data });
  });

  // update before confirm (upstream's payments_update): the merchant's server only
  app.post('/payments/:payment_id', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentUpdateRequest, { allowEmpty: true });
    requireClientSecret(principal, request.client_secret);
    return c.json(respond(payments.update(principal.merchant, c.req.param('payment_id'), request), { merchant: principal.merchant, session: true }));
  });

  app.get('/payments/:payment_id', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable'], deps.now);
    const query = readQuery(c, RetrieveQuery);
    const merchantId = principal.merchant.merchant_id;
    const paymentId = c.req.param('payment_id');
    const clientSecret = requireClientSecret(principal, query.client_secret);
    const payment = payments.retrieve(merchantId, paymentId);
    verifyClientSecret(payment, clientSecret, deps.now());
    // attempts are the merchant's business: the browser does not get them
    return c.json(respond(payment, { attempts: query.expand_attempts === 'true' && principal.kind === 'secret', merchant: principal.merchant }));
  });

  app.post('/payments/:payment_id/capture', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentCaptureRequest, { allowEmpty: true });
    return c.json(respond(payments.capture(principal.merchant.merchant_id, c.req.param('payment_id'), request), { merchant: principal.merchant }));
  });

  app.post('/payments/:payment_id/cancel', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentCancelRequest, { allowEmpty: true });
    return c.json(respond(payments.cancel(principal.merchant.merchant_id, c.req.param('payment_id'), request), { merchant: principal.merchant }));
  });
}
