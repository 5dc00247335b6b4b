import * as z from 'zod/mini';
import { BRANDS } from '../../src/card/index.js';
import { authenticate, checkClientSecret, paymentIdOfClientSecret } from '../http/auth.js';
import { readQuery } from '../http/body.js';
import { errors } from '../http/errors.js';
import { CONNECTORS } from '../domain/processor.js';
import type { Payment } from '../domain/types.js';
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

/** Card networks the sandbox processor accepts for every merchant, as upstream names them. */
const CARD_NETWORKS = [...new Set(BRANDS.map((brand) => brand.network))];

/** GET /account/payment_methods: what the customer may pay this payment with (classic list). */
export function paymentMethodRoutes(app: App, deps: RouteDeps): void {
  const { store, payments, adminKey } = deps;
  app.get('/account/payment_methods', (c) => {
    const principal = authenticate(c, store, adminKey, ['secret', 'publishable']);
    const query = readQuery(c, ListQuery);
    let payment: Payment | null = null;
    if (principal.kind === 'publishable') {
      const paymentId = query.client_secret ? paymentIdOfClientSecret(query.client_secret) : null;
      if (query.client_secret && !paymentId) throw errors.clientSecretMismatch();
      checkClientSecret(principal, query.client_secret, () => (payment = payments.retrieve(principal.merchant.merchant_id, paymentId ?? '')), deps.now());
    } else if (query.client_secret) {
      const paymentId = paymentIdOfClientSecret(query.client_secret);
      payment = paymentId ? payments.retrieve(principal.merchant.merchant_id, paymentId) : null;
      if (!payment || payment.client_secret !== query.client_secret) throw errors.clientSecretMismatch();
    }
    const connectors = [...CONNECTORS];
    const cardType = (type: 'credit' | 'debit') => ({
      payment_method_type: type,
      payment_experience: null,
      card_networks: CARD_NETWORKS.map((card_network) => ({ card_network, surcharge_details: null, eligible_connectors: connectors })),
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
    const current = payment as Payment | null;
    const allowed = current?.allowed_payment_method_types ?? null;
    const keep = (entry: { payment_method_type: string }) => !allowed || allowed.includes(entry.payment_method_type as never);
    return c.json({
      redirect_url: current?.return_url ?? principal.merchant.return_url,
      currency: current?.currency ?? null,
      payment_methods: [
        { payment_method: 'card', payment_method_types: [cardType('credit'), cardType('debit')].filter(keep) },
        { payment_method: 'wallet', payment_method_types: [walletType('pay_bill'), walletType('pay_till')].filter(keep) },
      ].filter((group) => group.payment_method_types.length > 0),
      mandate_payment: current?.mandate_data ?? null,
      merchant_name: principal.merchant.merchant_name,
      show_surcharge_breakup_screen: false,
      payment_type: current?.payment_type ?? 'normal',
      request_external_three_ds_authentication: false,
      collect_shipping_details_from_wallets: false,
      collect_billing_details_from_wallets: false,
      is_tax_calculation_enabled: false,
      sdk_next_action: { next_action: current?.status === 'processing' ? 'sync' : 'confirm' },
      is_guest_customer: current ? current.customer_id == null : null,
    });
  });
}
