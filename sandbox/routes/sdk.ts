import * as z from 'zod/mini';
import { PaymentsEligibilityRequest, PaymentsSessionRequest } from '../../src/api/sdk.js';
import { authenticate, paymentOfClientSecret, requireClientSecret, verifyClientSecret } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import { cardBlockReason } from '../domain/card-blocking.js';
import { processingAccounts } from '../domain/connector-accounts.js';
import { paymentEligibility } from '../domain/eligibility.js';
import { apiError, errors } from '../domain/errors.js';
import { SavedMethodService } from '../domain/saved-methods.js';
import { clientPaymentMethodList, sdkConfig, sessionTokens } from '../domain/sdk.js';
import type { App, RouteDeps } from './deps.js';

const ClientSecretQuery = z.strictObject({ client_secret: z.optional(z.string()) });

/**
 * The start-up calls of the Hyperswitch web SDK (docs/sandbox.md, "Using the sandbox with the
 * Hyperswitch web SDK"). Registered before the payment routes, so `/payments/session_tokens` is
 * never read as a payment id.
 */
export function sdkRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, adminKey } = deps;
  const savedMethods = new SavedMethodService(store, deps.now);

  // The payment and its methods in one answer, for the browser: publishable key and client secret
  // only (upstream's proposal to open it to secret keys, juspay/hyperswitch#13823, was closed).
  app.get('/payments/:payment_id/client', (c) => {
    const principal = authenticate(c, store, adminKey, ['publishable'], deps.now);
    const query = readQuery(c, ClientSecretQuery);
    const clientSecret = requireClientSecret(principal, query.client_secret);
    const payment = payments.retrieve(principal.merchant.merchant_id, c.req.param('payment_id'));
    verifyClientSecret(payment, clientSecret, deps.now());
    const customer = payment.customer_id ? store.customer(payment.merchant_id, payment.customer_id) : null;
    // the customer's saved cards, each with a payment_token for this client session only
    return c.json(clientPaymentMethodList(payment, principal.merchant, customer, savedMethods.forClientSession(payment), processingAccounts(store, payment.profile_id)));
  });

  // The payment is named by its client secret alone; upstream asks for one from every caller
  // (400 IR_04 without it) and refuses it with a secret key (422 IR_06).
  app.get('/v1/sdk/configs/:platform/sdk_config.json', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable'], deps.now);
    const query = readQuery(c, ClientSecretQuery);
    if (principal.kind === 'secret' && query.client_secret == null) throw errors.missingParam('client_secret');
    const clientSecret = requireClientSecret(principal, query.client_secret);
    const payment = paymentOfClientSecret(clientSecret, (paymentId) => payments.retrieve(principal.merchant.merchant_id, paymentId), deps.now());
    return c.json(sdkConfig(payment, principal.merchant, processingAccounts(store, payment.profile_id)));
  });

  // Wallet session tokens: publishable key only, as upstream.
  app.post('/payments/session_tokens', async (c) => {
    const principal = authenticate(c, store, adminKey, ['publishable'], deps.now);
    const request = await readBody(c, PaymentsSessionRequest);
    const clientSecret = requireClientSecret(principal, request.client_secret);
    const payment = payments.retrieve(principal.merchant.merchant_id, request.payment_id);
    verifyClientSecret(payment, clientSecret, deps.now());
    return c.json(sessionTokens(payment));
  });

  // The eligibility check before a confirm (domain/eligibility.ts): the publishable key with the
  // client secret in the body, or the secret key without one, as upstream's guides give both.
  app.post('/payments/:payment_id/eligibility', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable'], deps.now);
    const request = await readBody(c, PaymentsEligibilityRequest);
    const clientSecret = requireClientSecret(principal, request.client_secret);
    const payment = payments.retrieve(principal.merchant.merchant_id, c.req.param('payment_id'));
    verifyClientSecret(payment, clientSecret, deps.now());
    return c.json(paymentEligibility(payment, request, (number) => cardBlockReason(store, deps.merchants.profiles, payment, number)));
  });

  // A poll's status: publishable key only (upstream's PublishableKeyAuth, no client secret), its ids
  // scoped to the merchant. Upstream starts a poll only for external 3-D Secure authentication,
  // which the sandbox does not have: every id is unknown.
  app.get('/poll/status/:poll_id', (c) => {
    authenticate(c, store, adminKey, ['publishable'], deps.now);
    throw apiError('pollNotFound');
  });
}
