/**
 * Saved cards and recurring payments by `recurring_details`, as the real service does them: a card
 * payment of a customer with `setup_future_usage` (or `mandate_data`) saves the card and answers its
 * `payment_method_id`; a later payment passes `recurring_details` — `{"type":"mandate_id"}` or
 * `{"type":"payment_method_id"}` — instead of card data. The saved cards live in the customer's
 * record (masked: brand, last4, BIN, expiry, holder name), so no card number is ever kept.
 */
import type { PaymentMethodCreate } from '../../src/api/admin.js';
import type { PaymentConfirmRequest } from '../../src/api/requests.js';
import type { Store } from '../store/repo.js';
import { checkCard } from './card-check.js';
import { apiCardNetwork } from './card-networks.js';
import { apiError, errors } from './errors.js';
import { newPaymentMethodId, newPaymentToken } from './ids.js';
import type { Customer, MaskedCard, SavedPaymentMethod } from './types.js';
import { asJson, checkMetadata } from './validation.js';

/** What a request asks to charge instead of card data, or null when it asks for nothing of the kind. */
export type Recurring = { kind: 'mandate'; id: string } | { kind: 'payment_method'; id: string };

export function recurringOf(request: Pick<PaymentConfirmRequest, 'mandate_id' | 'recurring_details'>): Recurring | null {
  const details = request.recurring_details;
  if (details == null) return request.mandate_id != null ? { kind: 'mandate', id: request.mandate_id } : null;
  if (details.type !== 'mandate_id' && details.type !== 'payment_method_id') {
    throw apiError('recurringDetailsUnsupported', {}, `recurring_details of type ${details.type} is not supported by the sandbox's card connector`);
  }
  if (typeof details.data !== 'string' || details.data.length === 0 || details.data.length > 255) {
    throw errors.badJson('invalid type for `recurring_details.data`: expected a string');
  }
  if (details.type === 'mandate_id') {
    if (request.mandate_id != null && request.mandate_id !== details.data) throw apiError('mandateAndCard');
    return { kind: 'mandate', id: details.data };
  }
  return { kind: 'payment_method', id: details.data };
}

/** A card of the customer's that is the same card (BIN, last4, expiry): saving it again reuses it. */
const sameCard = (a: MaskedCard, b: MaskedCard): boolean =>
  a.card_isin === b.card_isin && a.last4 === b.last4 && a.card_exp_month === b.card_exp_month && a.card_exp_year === b.card_exp_year;

/**
 * Saves the card for the customer (or finds it saved already) and returns its id. The customer
 * record is changed in place; the caller writes it. The first saved card becomes the default.
 */
export function saveCard(customer: Customer, card: MaskedCard, offSession: boolean, nowIso: string): SavedPaymentMethod {
  const saved = (customer.payment_methods ??= []);
  let method = saved.find((candidate) => sameCard(candidate.card, card));
  if (method) {
    method.off_session ||= offSession;
    method.card = card;
  } else {
    method = { payment_method_id: newPaymentMethodId(), card, off_session: offSession, created_at: nowIso };
    saved.push(method);
  }
  customer.default_payment_method_id ??= method.payment_method_id;
  return method;
}

/** The customer's saved card with that id, for a recurring payment: 404 HE_02 when there is none, HE_03 when it was saved for on-session use only. */
export function savedCardFor(customer: Customer | null, paymentMethodId: string): SavedPaymentMethod {
  const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === paymentMethodId);
  if (!method) throw apiError('paymentMethodNotFound');
  if (!method.off_session) throw errors.mandateValidation(`payment method ${paymentMethodId} was saved for on-session payments only`);
  return method;
}

/**
 * `POST /payment_methods`, `GET /payment_methods/{id}` and `GET /customers/{id}/payment_methods`: a
 * card saved for a customer without a payment, as upstream's add_payment_method
 * (`crates/router/src/core/payment_methods/cards.rs`), kept like the cards payments save: masked in
 * the customer's record, never the number or the CVC. It is saved for on-session use (a recurring
 * payment needs a card a payment saved off-session, or a mandate).
 */
export class SavedMethodService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  create(merchantId: string, request: PaymentMethodCreate): { customer: Customer; method: SavedPaymentMethod } {
    if (request.client_secret != null) throw apiError('clientSecretNotAllowed');
    checkMetadata('metadata', request.metadata);
    if (request.payment_method !== 'card') {
      throw apiError('paymentMethodNotSupported', {}, `payment_method ${request.payment_method} cannot be saved in the sandbox: only cards`);
    }
    if (!request.card) throw errors.missingParam('card');
    if (!request.customer_id) throw errors.missingParam('customer_id');
    const masked = checkCard({ ...request.card, card_network: request.card.card_network ?? request.card_network }, this.now(), false);
    return this.store.transaction(() => {
      const customer = this.customerOf(merchantId, request.customer_id as string);
      const nowIso = new Date(this.now()).toISOString();
      const method = saveCard(customer, masked, false, nowIso);
      method.payment_method_type = request.payment_method_type ?? method.payment_method_type ?? null;
      method.nick_name = request.card?.nick_name ?? method.nick_name ?? null;
      method.metadata = asJson(request.metadata) ?? method.metadata ?? null;
      method.last_used_at = nowIso;
      this.store.putCustomer(customer);
      return { customer, method };
    });
  }

  /** A saved payment method of the merchant's, by id; unknown (or another merchant's) is 404 HE_02. */
  get(merchantId: string, paymentMethodId: string): { customer: Customer; method: SavedPaymentMethod } {
    const customer = this.store.customerWithPaymentMethod(merchantId, paymentMethodId);
    const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === paymentMethodId);
    if (!customer || !method) throw apiError('paymentMethodNotFound');
    return { customer, method };
  }

  /** The customer's saved payment methods, newest first (upstream lists them by last use). */
  ofCustomer(merchantId: string, customerId: string): { customer: Customer; methods: SavedPaymentMethod[] } {
    const customer = this.customerOf(merchantId, customerId);
    return { customer, methods: [...(customer.payment_methods ?? [])].reverse() };
  }

  private customerOf(merchantId: string, customerId: string): Customer {
    const customer = this.store.customer(merchantId, customerId);
    if (!customer) throw apiError('customerNotFound');
    if (customer.redacted) throw apiError('customerRedacted');
    return customer;
  }
}

/** A saved card as upstream's locker describes it (CardDetailFromLocker). */
function cardFromLocker(method: SavedPaymentMethod) {
  const network = apiCardNetwork(method.card.card_network);
  return {
    scheme: network,
    issuer_country: null,
    issuer_country_code: null,
    last4_digits: method.card.last4,
    expiry_month: method.card.card_exp_month,
    expiry_year: method.card.card_exp_year,
    card_token: null,
    card_holder_name: method.card.card_holder_name,
    card_fingerprint: null,
    nick_name: method.nick_name ?? null,
    card_network: network,
    card_isin: method.card.card_isin,
    card_issuer: null,
    card_type: method.card.card_type,
    saved_to_locker: true,
  };
}

/** The wire shape of a saved payment method (PaymentMethodResponse). */
export function paymentMethodResponse(customer: Customer, method: SavedPaymentMethod) {
  return {
    merchant_id: customer.merchant_id,
    customer_id: customer.customer_id,
    payment_method_id: method.payment_method_id,
    payment_method: 'card',
    payment_method_type: method.payment_method_type ?? method.card.card_type,
    card: cardFromLocker(method),
    recurring_enabled: method.off_session,
    installment_payment_enabled: false,
    payment_experience: ['redirect_to_url'],
    metadata: method.metadata ?? null,
    created: method.created_at,
    bank_transfer: null,
    last_used_at: method.last_used_at ?? method.created_at,
    client_secret: null,
  };
}

/**
 * A customer's saved payment methods (CustomerPaymentMethodsListResponse). `payment_token` is a
 * fresh token per answer, as upstream's temporary locker tokens; the sandbox does not redeem it yet
 * (a confirm with only a `payment_token` is refused).
 */
export function customerPaymentMethodsResponse(customer: Customer, methods: SavedPaymentMethod[]) {
  return {
    customer_payment_methods: methods.map((method) => ({
      payment_token: newPaymentToken(),
      payment_method_id: method.payment_method_id,
      customer_id: customer.customer_id,
      payment_method: 'card',
      payment_method_type: method.payment_method_type ?? method.card.card_type,
      payment_method_issuer: null,
      payment_method_issuer_code: null,
      recurring_enabled: method.off_session,
      installment_payment_enabled: false,
      payment_experience: ['redirect_to_url'],
      card: cardFromLocker(method),
      metadata: method.metadata ?? null,
      created: method.created_at,
      bank_transfer: null,
      bank: null,
      surcharge_details: null,
      requires_cvv: true,
      last_used_at: method.last_used_at ?? method.created_at,
      default_payment_method_set: customer.default_payment_method_id === method.payment_method_id,
      billing: null,
    })),
    // only a call with a client secret can tell (upstream)
    is_guest_customer: null,
  };
}
