/**
 * `GET /feature_matrix`: what each connector supports, as upstream's FeatureMatrixListResponse
 * (crates/api_models/src/feature_matrix.rs, routes/feature_matrix.rs@d1688907). Upstream lists every
 * connector it integrates, each described by its integration; the sandbox lists its simulated
 * connectors, and, when a request names connectors (`{"connectors": [...]}`, upstream's
 * FeatureMatrixRequest), those: any of them is served by the simulated processor (a connector
 * account of any name is), so each supports what it does. Pure: no HTTP, no store.
 */
import { LISTED_CARD_NETWORKS } from './card-networks.js';
import { CONNECTORS } from './processor.js';

/** What the simulated processor takes for a card: both 3-D Secure and without, every capture method a confirm accepts. */
const card = (type: 'credit' | 'debit') => ({
  payment_method: 'card',
  payment_method_type: type,
  payment_method_type_display_name: type === 'credit' ? 'Credit Card' : 'Debit Card',
  mandates: 'supported',
  refunds: 'supported',
  supported_capture_methods: ['automatic', 'manual', 'manual_multiple', 'sequential_automatic'],
  three_ds: 'supported',
  no_three_ds: 'supported',
  supported_card_networks: [...LISTED_CARD_NETWORKS],
  supported_countries: null,
  supported_currencies: null,
});

/** Mobile money (the spec's extension): captured at once, refundable, no mandates. */
const mobileMoney = (type: 'pay_bill' | 'pay_till') => ({
  payment_method: 'wallet',
  payment_method_type: type,
  payment_method_type_display_name: type === 'pay_bill' ? 'Mobile money (Pay Bill)' : 'Mobile money (Buy Goods, Till)',
  mandates: 'not_supported',
  refunds: 'supported',
  supported_capture_methods: ['automatic'],
  supported_countries: null,
  supported_currencies: null,
});

/** One connector's entry (upstream's ConnectorFeatureMatrixResponse; `name` in capitals, as upstream's). */
function connectorFeatures(connector: string) {
  const simulated = (CONNECTORS as readonly string[]).includes(connector);
  return {
    name: connector.toUpperCase(),
    display_name: simulated ? `${connector} (simulated)` : connector,
    description: simulated
      ? 'A connector the Tender sandbox simulates: its test cards decide each outcome, and nothing reaches a processor.'
      : 'Served in the Tender sandbox by its simulated processor, as every connector account is: the test cards decide each outcome.',
    base_url: null,
    category: 'payment_gateway',
    integration_status: 'sandbox',
    supported_payment_methods: [card('credit'), card('debit'), mobileMoney('pay_bill'), mobileMoney('pay_till')],
    supported_webhook_flows: ['payments', 'refunds'],
  };
}

/** The matrix of `connectors` (the simulated ones when none are named). */
export function featureMatrix(connectors: readonly string[] | null) {
  const listed = (connectors ?? CONNECTORS).map(connectorFeatures);
  return { connector_count: listed.length, connectors: listed };
}
