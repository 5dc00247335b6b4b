import type { Context } from 'hono';
import * as z from 'zod/mini';
import { CustomerCreate, CustomerUpdate, RefundCreate, RefundListRequest, RefundUpdate } from '../../src/api/admin.js';
import { authenticate, ephemeralCustomer, paymentOfClientSecret, requireClientSecret } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import { customerResponse, listedCustomerResponse } from '../domain/customers.js';
import { errors } from '../domain/errors.js';
import { refundResponse } from '../domain/response.js';
import type { MerchantAccount } from '../domain/types.js';
import { SavedMethodService, customerPaymentMethodsResponse } from '../domain/saved-methods.js';
import type { App, RouteDeps } from './deps.js';
import { PaymentMethodListQuery } from './payment-methods.js';

/**
 * The query of upstream's customer lists (api_models customers.rs `CustomerListRequest`,
 * `CustomerListRequestWithConstraints` with its flattened `TimeRange`): not `deny_unknown_fields`,
 * so other parameters are ignored. The domain reads the values as upstream deserialises them.
 */
const CustomerListQuery = z.object({
  limit: z.optional(z.string()),
  offset: z.optional(z.string()),
  customer_id: z.optional(z.string()),
  start_time: z.optional(z.string()),
  startTime: z.optional(z.string()),
  end_time: z.optional(z.string()),
  endTime: z.optional(z.string()),
});

/**
 * Customers (and their saved payment methods) and refunds: the merchant's secret key; a customer and
 * its saved cards also with an ephemeral key of that customer (domain/ephemeral-keys.ts).
 */
export function customerRoutes(app: App, deps: RouteDeps): void {
  const { store, customers, refunds, adminKey } = deps;
  const savedMethods = new SavedMethodService(store, deps.now);
  const merchantOf = (c: Parameters<typeof authenticate>[0]) => authenticate(c, store, adminKey, ['secret']).merchant;
  /** The merchant of an ephemeral key of the route's customer (another customer's key: 401 IR_01); null without one. */
  const ephemeralOf = (c: Context): MerchantAccount | null => {
    const ephemeral = ephemeralCustomer(c, store, deps.now());
    if (ephemeral && ephemeral.customerId !== c.req.param('customer_id')) throw errors.unauthorized();
    return ephemeral?.merchant ?? null;
  };
  /** A customer's saved cards as the merchant's list gives them, with tokens any payment of the customer may redeem for the default profile's intent_fulfillment_time (upstream's redis TTL). */
  const listForMerchant = (merchant: MerchantAccount, customerId: string) => {
    const ttlS = deps.merchants.profiles.intentFulfillmentTime(merchant);
    const { customer, methods, tokens } = savedMethods.forMerchant(merchant.merchant_id, customerId, ttlS * 1000);
    return customerPaymentMethodsResponse(customer, methods, tokens);
  };

  // The browser's list of the payment's customer's saved cards (upstream's
  // list_customer_payment_method_api_client): publishable key and client secret, the payment named
  // by its secret; each card with a payment_token for this client session. Registered before
  // /customers/:customer_id, which would take `payment_methods` for an id.
  app.get('/customers/payment_methods', (c) => {
    // with an ephemeral key: its customer's cards, as the merchant's list gives them
    const ephemeral = ephemeralCustomer(c, store, deps.now());
    if (ephemeral) return c.json(listForMerchant(ephemeral.merchant, ephemeral.customerId));
    const principal = authenticate(c, store, adminKey, ['publishable'], deps.now);
    const clientSecret = requireClientSecret(principal, readQuery(c, PaymentMethodListQuery).client_secret);
    const payment = paymentOfClientSecret(clientSecret, (paymentId) => deps.payments.retrieve(principal.merchant.merchant_id, paymentId), deps.now());
    const { customer, methods, tokens } = savedMethods.forClientSession(payment);
    return c.json(customerPaymentMethodsResponse(customer, methods, tokens, payment.customer_id == null));
  });

  // The merchant's customers, oldest first (upstream's customers_list and customers_list_with_count,
  // routes/customers.rs; the list entries without addresses). Registered before /customers/:customer_id,
  // which would take `list` for an id; as upstream's resources, another method on them (and on the
  // saved-card list above) is 405.
  app.get('/customers/list', (c) => {
    const merchant = merchantOf(c);
    return c.json(customers.list(merchant.merchant_id, readQuery(c, CustomerListQuery)).map(listedCustomerResponse));
  });
  app.get('/customers/list_with_count', (c) => {
    const merchant = merchantOf(c);
    const { customers: page, total } = customers.listWithCount(merchant.merchant_id, readQuery(c, CustomerListQuery));
    return c.json({ data: page.map(listedCustomerResponse), total_count: total });
  });
  app.on(['POST', 'DELETE'], ['/customers/list', '/customers/list_with_count', '/customers/payment_methods'], () => {
    throw errors.methodNotAllowed();
  });

  app.post('/customers', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, CustomerCreate);
    return c.json(customerResponse(customers.create(merchant.merchant_id, request)));
  });
  app.get('/customers/:customer_id', (c) => {
    const merchant = ephemeralOf(c) ?? merchantOf(c);
    return c.json(customerResponse(customers.get(merchant.merchant_id, c.req.param('customer_id'))));
  });
  app.post('/customers/:customer_id', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, CustomerUpdate);
    return c.json(customerResponse(customers.update(merchant.merchant_id, c.req.param('customer_id'), request)));
  });
  app.delete('/customers/:customer_id', (c) => {
    const merchant = merchantOf(c);
    return c.json(customers.delete(merchant.merchant_id, c.req.param('customer_id')));
  });
  app.get('/customers/:customer_id/payment_methods', (c) => {
    const ephemeral = ephemeralOf(c);
    if (ephemeral) return c.json(listForMerchant(ephemeral, c.req.param('customer_id')));
    const principal = authenticate(c, store, adminKey, ['secret']);
    // the merchant's server lists them; a client secret is the browser's (refused with a secret key, as everywhere)
    requireClientSecret(principal, readQuery(c, PaymentMethodListQuery).client_secret);
    return c.json(listForMerchant(principal.merchant, c.req.param('customer_id')));
  });

  app.post('/customers/:customer_id/payment_methods/:payment_method_id/default', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    return c.json(savedMethods.setDefault(principal.merchant.merchant_id, c.req.param('customer_id'), c.req.param('payment_method_id')));
  });

  app.post('/refunds', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, RefundCreate);
    return c.json(refundResponse(refunds.create(merchant, request)));
  });
  // registered before /refunds/:refund_id, which would take `list` for an id
  app.post('/refunds/list', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, RefundListRequest, { allowEmpty: true });
    const { refunds: page, total } = refunds.list(merchant.merchant_id, request);
    return c.json({ count: page.length, total_count: total, data: page.map(refundResponse) });
  });
  app.get('/refunds/:refund_id', (c) => {
    const merchant = merchantOf(c);
    return c.json(refundResponse(refunds.get(merchant.merchant_id, c.req.param('refund_id'))));
  });
  app.post('/refunds/:refund_id', async (c) => {
    const merchant = merchantOf(c);
    const request = await readBody(c, RefundUpdate, { allowEmpty: true });
    return c.json(refundResponse(refunds.update(merchant.merchant_id, c.req.param('refund_id'), request)));
  });
}
