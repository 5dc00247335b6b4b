import * as z from 'zod/mini';
import { PaymentMethodCreate } from '../../src/api/admin.js';
import type { PaymentMethodListResponse } from '../../src/api/schemas.js';
import { authenticate, paymentOfClientSecret, requireClientSecret } from '../http/auth.js';
import { readBody, readQuery } from '../http/body.js';
import { billingRequirements, requiredFields } from '../domain/billing.js';
import { processingAccounts } from '../domain/connector-accounts.js';
import { enabledPaymentMethods, mandatePayment, sdkNextAction } from '../domain/payment-methods.js';
import { SavedMethodService, paymentMethodResponse } from '../domain/saved-methods.js';
import type { App, RouteDeps } from './deps.js';

/**
 * The query of upstream's payment-method lists (`PaymentMethodListRequest`): the merchant's
 * (`GET /account/payment_methods`) and a customer's (`GET /customers/payment_methods`, `GET /customers/{id}/payment_methods`).
 * Its filters narrow nothing in the sandbox: one connector, and every saved method is a card.
 */
export const PaymentMethodListQuery = z.strictObject({
  client_secret: z.optional(z.string()),
  accepted_countries: z.optional(z.string()),
  accepted_currencies: z.optional(z.string()),
  amount: z.optional(z.string()),
  recurring_enabled: z.optional(z.string()),
  installment_payment_enabled: z.optional(z.string()),
  limit: z.optional(z.string()),
  card_networks: z.optional(z.string()),
});

/**
 * GET /account/payment_methods: what the customer may pay this payment with (classic list); and a
 * customer's saved cards, `POST /payment_methods` and `GET /payment_methods/{id}` (secret key).
 */
export function paymentMethodRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, adminKey } = deps;
  const savedMethods = new SavedMethodService(store, deps.now);
  app.post('/payment_methods', async (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const request = await readBody(c, PaymentMethodCreate);
    const { customer, method } = savedMethods.create(principal.merchant.merchant_id, request);
    return c.json(paymentMethodResponse(customer, method));
  });
  app.get('/payment_methods/:payment_method_id', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    const { customer, method } = savedMethods.get(principal.merchant.merchant_id, c.req.param('payment_method_id'));
    return c.json(paymentMethodResponse(customer, method));
  });
  app.delete('/payment_methods/:payment_method_id', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret']);
    return c.json(savedMethods.delete(principal.merchant.merchant_id, c.req.param('payment_method_id')));
  });
  app.get('/account/payment_methods', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable'], deps.now);
    const query = readQuery(c, PaymentMethodListQuery);
    // The browser names its payment by the client secret; the merchant's server gets the general list.
    const clientSecret = requireClientSecret(principal, query.client_secret);
    const payment =
      clientSecret === null ? null : paymentOfClientSecret(clientSecret, (paymentId) => payments.retrieve(principal.merchant.merchant_id, paymentId), deps.now());
    const billingSettings = principal.merchant.billing_requirements ?? billingRequirements(null);
    const customer = payment?.customer_id ? store.customer(payment.merchant_id, payment.customer_id) : null;
    const profileSettings = deps.merchants.profiles.listSettings(payment, principal.merchant);
    // the profile's connector accounts that take payments (the merchant's default profile without a payment)
    const accounts = processingAccounts(store, payment ? payment.profile_id : principal.merchant.default_profile);
    // the classic nested shape: methods → types → networks, experiences or banks, each with its connectors
    const groups = new Map<string, PaymentMethodListResponse['payment_methods'][number]['payment_method_types']>();
    for (const method of enabledPaymentMethods(payment, accounts)) {
      const kind = method.payment_method;
      groups.set(kind, [
        ...(groups.get(kind) ?? []),
        {
          payment_method_type: method.payment_method_type,
          payment_experience:
            method.payment_experiences.length > 0
              ? method.payment_experiences.map(({ value, connectors }) => ({ payment_experience_type: value, eligible_connectors: connectors }))
              : null,
          card_networks: method.card_networks?.map(({ value, connectors }) => ({ card_network: value, surcharge_details: null, eligible_connectors: connectors })) ?? null,
          // the sandbox has no bank lists: every connector's banks, none named (upstream's answer for Giropay and Sofort)
          bank_names: kind === 'bank_redirect' ? [{ bank_name: [], eligible_connectors: method.connectors }] : null,
          bank_debits: kind === 'bank_debit' ? { eligible_connectors: method.connectors } : null,
          bank_transfers: kind === 'bank_transfer' ? { eligible_connectors: method.connectors } : null,
          // the billing details the merchant's setting asks for, prefilled from the payment (cards only)
          required_fields: method.card_networks ? requiredFields(billingSettings, payment, customer) : {},
          surcharge_details: null,
          pm_auth_connector: null,
        },
      ]);
    }
    return c.json({
      // the redirect URL and what wallets collect are the profile's (ProfileService.listSettings)
      redirect_url: profileSettings.redirect_url,
      currency: payment?.currency ?? null,
      payment_methods: [...groups].map(([payment_method, payment_method_types]) => ({ payment_method, payment_method_types })),
      mandate_payment: mandatePayment(payment),
      merchant_name: principal.merchant.merchant_name,
      show_surcharge_breakup_screen: false,
      payment_type: payment?.payment_type ?? 'normal',
      request_external_three_ds_authentication: false,
      collect_shipping_details_from_wallets: profileSettings.collect_shipping_details_from_wallets,
      collect_billing_details_from_wallets: profileSettings.collect_billing_details_from_wallets,
      is_tax_calculation_enabled: false,
      sdk_next_action: { next_action: sdkNextAction(payment) },
      // the merchant's server list has no customer: a guest, as for a payment without one
      is_guest_customer: payment ? payment.customer_id == null : true,
    } satisfies PaymentMethodListResponse);
  });
}
