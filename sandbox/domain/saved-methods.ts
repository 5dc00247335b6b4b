/**
 * Saved cards and recurring payments by `recurring_details`, as the real service does them: a card
 * payment of a customer with `setup_future_usage` (or `mandate_data`) saves the card and answers its
 * `payment_method_id`; a later payment passes `recurring_details` — `{"type":"mandate_id"}` or
 * `{"type":"payment_method_id"}` — instead of card data. The saved cards live in the customer's
 * record (masked: brand, last4, BIN, expiry, holder name), so no card number is ever kept.
 */
import { createHash } from 'node:crypto';
import type { PaymentMethodCreate } from '../../src/api/admin.js';
import type { PaymentConfirmRequest } from '../../src/api/requests.js';
import type { Store } from '../store/repo.js';
import { checkCard } from './card-check.js';
import { apiCardNetwork } from './card-networks.js';
import { apiError, errors } from './errors.js';
import { typeBelongsTo } from './payment-method-types.js';
import { decideCard } from './processor.js';
import { sessionEnd } from './sdk-auth.js';
import { alphanumeric, newConnectorMandateId, newPaymentMethodId, newPaymentToken } from './ids.js';
import type { Customer, MaskedCard, Payment, SavedPaymentMethod } from './types.js';
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
 * record is changed in place; the caller writes it. The first saved card becomes the default. A new
 * card takes `id` when given (the one its payment announced before the customer authenticated).
 * A card saved off-session gets the processor's reference for charging it without the customer.
 * `challenge`: the issuer challenges this card and the challenge ends so (kept as `issuer_challenge`).
 */
export function saveCard(
  customer: Customer,
  card: MaskedCard,
  offSession: boolean,
  nowIso: string,
  id?: string,
  challenge: 'succeed' | 'fail' | null = null,
): SavedPaymentMethod {
  const saved = (customer.payment_methods ??= []);
  let method = saved.find((candidate) => sameCard(candidate.card, card));
  if (method) {
    method.off_session ||= offSession;
    method.card = card;
  } else {
    const paymentMethodId = id ?? newPaymentMethodId();
    method = { payment_method_id: paymentMethodId, card, off_session: offSession, created_at: nowIso, client_secret: `${paymentMethodId}_secret_${alphanumeric(20)}` };
    saved.push(method);
  }
  if (challenge) method.issuer_challenge = challenge;
  if (method.off_session) method.connector_mandate_id ??= newConnectorMandateId();
  customer.default_payment_method_id ??= method.payment_method_id;
  return method;
}

/** The id the card will be saved under: the customer's same card's, or a new one (nothing is saved yet). */
export function futurePaymentMethodId(customer: Customer, card: MaskedCard): string {
  return customer.payment_methods?.find((candidate) => sameCard(candidate.card, card))?.payment_method_id ?? newPaymentMethodId();
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
    // upstream's PaymentMethodCreateExt::validate, before anything else is looked at
    if (request.payment_method_type != null && !typeBelongsTo(request.payment_method, request.payment_method_type)) throw apiError('savedMethodTypeMismatch');
    if (request.payment_method !== 'card') {
      throw apiError('paymentMethodNotSupported', {}, `payment_method ${request.payment_method} cannot be saved in the sandbox: only cards`);
    }
    if (!request.card) throw errors.missingParam('card');
    if (!request.customer_id) throw errors.missingParam('customer_id');
    const masked = checkCard({ ...request.card, card_network: request.card.card_network ?? request.card_network }, this.now(), false);
    return this.store.transaction(() => {
      const customer = this.customerOf(merchantId, request.customer_id as string);
      const nowIso = new Date(this.now()).toISOString();
      const decision = decideCard(request.card?.card_number ?? '');
      const method = saveCard(customer, masked, false, nowIso, undefined, decision.kind === 'challenge' ? decision.afterChallenge : null);
      if (decision.kind === 'decline') method.issuer_decline = decision.code;
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

  /** The customer's saved payment methods, most recently used first (byLastUse). */
  ofCustomer(merchantId: string, customerId: string): { customer: Customer; methods: SavedPaymentMethod[] } {
    const customer = this.customerOf(merchantId, customerId);
    return { customer, methods: byLastUse(customer) };
  }

  /**
   * The merchant's list of a customer's saved cards (`GET /customers/{id}/payment_methods`, secret
   * key), each with a `payment_token` any payment of that customer may redeem within `ttlMs`, as
   * upstream's list_customer_payment_method keeps its tokens for the profile's
   * `intent_fulfillment_time` (cards.rs), not bound to one payment.
   */
  forMerchant(merchantId: string, customerId: string, ttlMs: number): { customer: Customer; methods: SavedPaymentMethod[]; tokens: Map<string, string> } {
    return this.store.transaction(() => {
      const { customer, methods } = this.ofCustomer(merchantId, customerId);
      return { customer, methods, tokens: issueTokens(this.store, { merchantId, paymentId: ANY_PAYMENT, customer, expiresAt: this.now() + ttlMs }, methods, this.now()) };
    });
  }

  /**
   * The saved cards of the payment's customer for its client session (the browser's
   * `GET /payments/{id}/client` and `GET /customers/payment_methods`), each with a fresh
   * `payment_token` bound to this payment (issuePaymentTokens). A payment without a customer, or
   * whose customer was deleted, has none.
   */
  forClientSession(payment: Payment): { customer: Customer | null; methods: SavedPaymentMethod[]; tokens: Map<string, string> } {
    return this.store.transaction(() => {
      const customer = payment.customer_id ? this.store.customer(payment.merchant_id, payment.customer_id) : null;
      if (!customer || customer.redacted) return { customer: null, methods: [], tokens: new Map<string, string>() };
      const methods = byLastUse(customer);
      return { customer, methods, tokens: issuePaymentTokens(this.store, payment, customer, methods, this.now()) };
    });
  }

  /**
   * `DELETE /payment_methods/{id}`: the saved card is forgotten (its tokens then resolve to nothing),
   * as upstream's v1 delete_payment_method (`crates/router/src/core/payment_methods/cards.rs` at
   * d1688907): the customer's default card may go too, and the customer then has no default.
   */
  delete(merchantId: string, paymentMethodId: string): { payment_method_id: string; deleted: boolean } {
    return this.store.transaction(() => {
      const { customer } = this.get(merchantId, paymentMethodId);
      customer.payment_methods = (customer.payment_methods ?? []).filter((method) => method.payment_method_id !== paymentMethodId);
      if (customer.default_payment_method_id === paymentMethodId) customer.default_payment_method_id = null;
      this.store.putCustomer(customer);
      return { payment_method_id: paymentMethodId, deleted: true };
    });
  }

  /**
   * `POST /customers/{customer_id}/payment_methods/{payment_method_id}/default`, as upstream's v1
   * set_default_payment_method (cards.rs): the customer (404 HE_02), the saved method (404 HE_02),
   * another customer's method or the default already (400 IR_16, upstream's words).
   */
  setDefault(merchantId: string, customerId: string, paymentMethodId: string): { default_payment_method_id: string; customer_id: string; payment_method: string; payment_method_type: string | null } {
    return this.store.transaction(() => {
      const customer = this.customerOf(merchantId, customerId);
      const owner = this.get(merchantId, paymentMethodId);
      if (owner.customer.customer_id !== customer.customer_id) throw apiError('paymentMethodNotValid');
      if (customer.default_payment_method_id === paymentMethodId) throw apiError('paymentMethodAlreadyDefault');
      customer.default_payment_method_id = paymentMethodId;
      this.store.putCustomer(customer);
      return { default_payment_method_id: paymentMethodId, customer_id: customer.customer_id, payment_method: 'card', payment_method_type: owner.method.payment_method_type ?? owner.method.card.card_type ?? null };
    });
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
    client_secret: method.client_secret ?? null,
  };
}

/** Most recently used first (a card never used counts from when it was saved); on a tie the later saved first. */
export function byLastUse(customer: Customer): SavedPaymentMethod[] {
  const lastUse = (method: SavedPaymentMethod) => Date.parse(method.last_used_at ?? method.created_at);
  return (customer.payment_methods ?? [])
    .map((method, index) => ({ method, index }))
    .sort((a, b) => lastUse(b.method) - lastUse(a.method) || b.index - a.index)
    .map(({ method }) => method);
}

/** A card saved on-session asks for its CVC on return; one saved off-session (or with a mandate) does not. */
export const requiresCvv = (method: SavedPaymentMethod): boolean => !method.off_session;

/** Only this is stored of a token: its SHA-256 (the token is 20 random alphanumerics, so no salt is needed). */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The `payment_id` of a token the merchant's list issued: any payment of its customer may redeem it. */
const ANY_PAYMENT = '';

/**
 * Fresh `payment_token`s for the payment's client session, one per saved card, as upstream's
 * temporary tokens (`pm_token_{token}_{payment_method}_hyperswitch` in its Redis, set by the
 * customer payment-method list): random, stored as a hash bound to this payment, its customer and
 * the card, lapsing with the client secret. Inside the caller's transaction.
 */
export function issuePaymentTokens(store: Store, payment: Payment, customer: Customer, methods: SavedPaymentMethod[], now: number): Map<string, string> {
  return issueTokens(store, { merchantId: payment.merchant_id, paymentId: payment.payment_id, customer, expiresAt: sessionEnd(payment) }, methods, now);
}

/** One random token per card, stored as its hash with what it is bound to. */
function issueTokens(store: Store, bound: { merchantId: string; paymentId: string; customer: Customer; expiresAt: number }, methods: SavedPaymentMethod[], now: number): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const method of methods) {
    const token = newPaymentToken();
    store.insertPaymentToken(
      {
        token_hash: tokenHash(token),
        merchant_id: bound.merchantId,
        payment_id: bound.paymentId,
        customer_id: bound.customer.customer_id,
        payment_method_id: method.payment_method_id,
        expires_at: bound.expiresAt,
      },
      now,
    );
    tokens.set(method.payment_method_id, token);
  }
  return tokens;
}

/**
 * The saved card a `payment_token` stands for, when it was issued to this payment's client session
 * (or by the merchant's list of this customer's cards) for this payment's customer, has not lapsed,
 * and the card is still saved; anything else is
 * upstream's `422 IR_29` "Token is invalid or expired" (payments/helpers.rs
 * retrieve_payment_token_data), whoever the token belongs to.
 */
export function resolvePaymentToken(store: Store, payment: Payment, token: string, now: number): { customer: Customer; method: SavedPaymentMethod } {
  const record = store.paymentToken(tokenHash(token));
  const bound =
    record !== null &&
    record.merchant_id === payment.merchant_id &&
    (record.payment_id === payment.payment_id || record.payment_id === ANY_PAYMENT) &&
    record.customer_id === payment.customer_id &&
    record.expires_at >= now &&
    sessionEnd(payment) >= now;
  const customer = bound ? store.customer(payment.merchant_id, record.customer_id) : null;
  const method = customer && !customer.redacted ? customer.payment_methods?.find((candidate) => candidate.payment_method_id === record?.payment_method_id) : undefined;
  if (!customer || !method) throw apiError('paymentTokenInvalid');
  return { customer, method };
}

/**
 * A customer's saved payment methods (CustomerPaymentMethodsListResponse, api_models
 * payment_methods.rs CustomerPaymentMethod), most recently used first. `tokens` holds the
 * `payment_token` of each card (issuePaymentTokens, or the merchant's list: forMerchant); without
 * them a card gets a fresh random token that is never stored, and pays nothing.
 * `is_guest_customer` is known only to a call with a client secret (upstream).
 */
export function customerPaymentMethodsResponse(
  customer: Customer | null,
  methods: SavedPaymentMethod[],
  tokens: Map<string, string> | null = null,
  isGuestCustomer: boolean | null = null,
) {
  return {
    customer_payment_methods: customer ? methods.map((method) => customerPaymentMethod(customer, method, tokens?.get(method.payment_method_id) ?? newPaymentToken())) : [],
    is_guest_customer: isGuestCustomer,
  };
}

/** One saved card as upstream's CustomerPaymentMethod. */
export function customerPaymentMethod(customer: Customer, method: SavedPaymentMethod, paymentToken: string) {
  const card = cardFromLocker(method);
  return {
    payment_token: paymentToken,
    payment_method_id: method.payment_method_id,
    customer_id: customer.customer_id,
    payment_method: 'card',
    payment_method_type: method.payment_method_type ?? method.card.card_type,
    payment_method_issuer: null,
    payment_method_issuer_code: null,
    recurring_enabled: method.off_session,
    installment_payment_enabled: false,
    payment_experience: ['redirect_to_url'],
    card,
    metadata: method.metadata ?? null,
    created: method.created_at,
    bank_transfer: null,
    bank: null,
    surcharge_details: null,
    requires_cvv: requiresCvv(method),
    last_used_at: method.last_used_at ?? method.created_at,
    default_payment_method_set: customer.default_payment_method_id === method.payment_method_id,
    billing: null,
  };
}
