import * as z from 'zod/mini';
import type { PaymentMethodListResponse } from '../../src/api/schemas.js';
import { authenticate, paymentIdOfClientSecret, requireClientSecret, verifyClientSecret } from '../http/auth.js';
import { readQuery } from '../http/body.js';
import { LISTED_CARD_NETWORKS } from '../domain/card-networks.js';
import { errors } from '../domain/errors.js';
import { CONNECTORS } from '../domain/processor.js';
import type { JsonObject, Payment } from '../domain/types.js';
import type { App, RouteDeps } from './deps.js';

const ListQuery = z.strictObject({
  client_secret: z.optional(z.string()),
  accepted_countries: z.optional(z.string()),
  accepted_currencies: z.optional(z.string()),
  amount: z.optional(z.string()),
  recurring_enabled: z.optional(z.string()),
  installment_payment_enabled: z.optional(z.string()),
  limit: z.optional(z.string()),
  card_networks: z.optional(z.string()),
});



/** GET /account/payment_methods: what the customer may pay this payment with (classic list). */
export function paymentMethodRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, adminKey } = deps;
  app.get('/account/payment_methods', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable']);
    const query = readQuery(c, ListQuery);
    // The browser names its payment by the client secret; the merchant's server gets the general list.
    const clientSecret = requireClientSecret(principal, query.client_secret);
    let payment: Payment | null = null;
    if (clientSecret !== null) {
      const paymentId = paymentIdOfClientSecret(clientSecret);
      if (!paymentId) throw errors.clientSecretMismatch();
      payment = payments.retrieve(principal.merchant.merchant_id, paymentId);
      verifyClientSecret(payment, clientSecret, deps.now());
    }
    const connectors = [...CONNECTORS];
    const cardType = (type: 'credit' | 'debit') => ({
      payment_method_type: type,
      payment_experience: null,
      card_networks: LISTED_CARD_NETWORKS.map((card_network) => ({ card_network, surcharge_details: null, eligible_connectors: connectors })),
      bank_names: null,
      bank_debits: null,
      bank_transfers: null,
      required_fields: {},
      surcharge_details: null,
      pm_auth_connector: null,
    });
    const walletType = (type: 'pay_bill' | 'pay_till') => ({
      payment_method_type: type,
      payment_experience: [{ payment_experience_type: 'display_wait_screen', eligible_connectors: connectors }],
      card_networks: null,
      bank_names: null,
      bank_debits: null,
      bank_transfers: null,
      required_fields: {},
      surcharge_details: null,
      pm_auth_connector: null,
    });
    const allowed = payment?.allowed_payment_method_types ?? null;
    const keep = (entry: { payment_method_type: string }) => !allowed || allowed.includes(entry.payment_method_type as never);
    return c.json({
      redirect_url: payment?.return_url ?? principal.merchant.return_url,
      currency: payment?.currency ?? null,
      payment_methods: [
        { payment_method: 'card', payment_method_types: [cardType('credit'), cardType('debit')].filter(keep) },
        { payment_method: 'wallet', payment_method_types: [walletType('pay_bill'), walletType('pay_till')].filter(keep) },
      ].filter((group) => group.payment_method_types.length > 0),
      // upstream's MandateType: `{"single_use": {…}}` or `{"multi_use": {…}}`, null when the payment sets up no mandate
      mandate_payment: (payment?.mandate_data?.mandate_type as JsonObject | undefined) ?? null,
      merchant_name: principal.merchant.merchant_name,
      show_surcharge_breakup_screen: false,
      payment_type: payment?.payment_type ?? 'normal',
      request_external_three_ds_authentication: false,
      collect_shipping_details_from_wallets: false,
      collect_billing_details_from_wallets: false,
      is_tax_calculation_enabled: false,
      sdk_next_action: { next_action: payment?.status === 'processing' ? 'sync' : 'confirm' },
      // the merchant's server list has no customer: a guest, as for a payment without one
      is_guest_customer: payment ? payment.customer_id == null : true,
    } satisfies PaymentMethodListResponse);
  });
}
