/**
 * Customers of a merchant: created through the API or by a payment's `customer`; deleted as upstream
 * deletes them (`crates/router/src/core/customers.rs` delete_customer): refused while a mandate is
 * active, then the saved payment methods are deleted and the customer's details and address are
 * redacted — the record stays, and answers `400 IR_11` from then on.
 */
import type { CustomerCreate, CustomerUpdate } from '../../src/api/admin.js';
import { apiError } from './errors.js';
import { mandateStatus } from './mandates.js';
import type { Store } from '../store/repo.js';
import { newCustomerId } from './ids.js';
import type { Customer } from './types.js';
import { asJson, checkMetadata } from './validation.js';
import { addressDetailsWire } from './wire.js';

export class CustomerService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  create(merchantId: string, request: CustomerCreate): Customer {
    checkMetadata('metadata', request.metadata);
    return this.store.transaction(() => {
      const customerId = request.customer_id ?? newCustomerId();
      if (this.store.customer(merchantId, customerId)) {
        throw apiError('customerExists');
      }
      const customer = newCustomer(merchantId, customerId, request, new Date(this.now()).toISOString());
      this.store.putCustomer(customer);
      return customer;
    });
  }

  /** A customer of this merchant; another merchant's customer is not found, a deleted one is `400 IR_11`. */
  get(merchantId: string, customerId: string): Customer {
    const customer = this.store.customer(merchantId, customerId);
    if (!customer) throw apiError('customerNotFound');
    if (customer.redacted) throw apiError('customerRedacted');
    return customer;
  }

  /** DELETE /customers/{id}: the customer's saved payment methods deleted, its details redacted. */
  delete(merchantId: string, customerId: string): { customer_id: string; customer_deleted: boolean; address_deleted: boolean; payment_methods_deleted: boolean } {
    return this.store.transaction(() => {
      const customer = this.get(merchantId, customerId);
      if (this.store.mandatesOfCustomer(merchantId, customerId).some((mandate) => mandateStatus(mandate) === 'active')) {
        throw apiError('mandateActive');
      }
      customer.payment_methods = [];
      customer.default_payment_method_id = null;
      customer.name = customer.email = customer.phone = customer.description = customer.phone_country_code = REDACTED;
      if (customer.address) customer.address = redactedAddress();
      customer.redacted = true;
      this.store.putCustomer(customer);
      return { customer_id: customerId, customer_deleted: true, address_deleted: true, payment_methods_deleted: true };
    });
  }

  update(merchantId: string, customerId: string, request: CustomerUpdate): Customer {
    checkMetadata('metadata', request.metadata);
    if (request.customer_id != null && request.customer_id !== customerId) {
      throw apiError('customerIdInBody');
    }
    return this.store.transaction(() => {
      const customer = this.get(merchantId, customerId);
      if (request.name !== undefined) customer.name = request.name ?? null;
      if (request.email !== undefined) customer.email = request.email ?? null;
      if (request.phone !== undefined) customer.phone = request.phone ?? null;
      if (request.phone_country_code !== undefined) customer.phone_country_code = request.phone_country_code ?? null;
      if (request.description !== undefined) customer.description = request.description ?? null;
      if (request.address !== undefined) customer.address = asJson(request.address);
      if (request.metadata !== undefined) customer.metadata = asJson(request.metadata);
      this.store.putCustomer(customer);
      return customer;
    });
  }
}

/** The details a customer is made with or a payment sends about it; absent or `null` is "not given". */
export interface CustomerDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  phone_country_code?: string | null;
  description?: string | null;
  address?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * The one place a customer record is built: by `POST /customers`, and by a payment that names a
 * customer not known yet (customerOfPayment).
 */
export function newCustomer(merchantId: string, customerId: string, details: CustomerDetails, createdAt: string): Customer {
  return {
    customer_id: customerId,
    merchant_id: merchantId,
    name: details.name ?? null,
    email: details.email ?? null,
    phone: details.phone ?? null,
    phone_country_code: details.phone_country_code ?? null,
    description: details.description ?? null,
    address: asJson(details.address),
    metadata: asJson(details.metadata),
    default_payment_method_id: null,
    created_at: createdAt,
  };
}

/**
 * The customer a payment (create, update or confirm) names, as upstream's
 * `create_customer_if_not_exist` (crates/router/src/core/payments/helpers.rs): made from the
 * payment's customer details when it does not exist yet; an existing one takes the name, email and
 * phone the payment sends; a deleted (redacted) one is `400 IR_11`, as upstream's customer lookup.
 */
export function customerOfPayment(store: Store, merchantId: string, customerId: string, sent: CustomerDetails, createdAt: string): void {
  const existing = store.customer(merchantId, customerId);
  if (existing?.redacted) throw apiError('customerRedacted');
  if (!existing) {
    store.putCustomer(newCustomer(merchantId, customerId, sent, createdAt));
    return;
  }
  const contact = { name: sent.name, email: sent.email, phone: sent.phone, phone_country_code: sent.phone_country_code };
  const changes = Object.fromEntries(Object.entries(contact).filter(([, value]) => value != null));
  if (Object.keys(changes).length > 0) store.putCustomer({ ...existing, ...changes });
}

/** What upstream writes over a deleted customer's details (`common_utils::pii::REDACTED`). */
const REDACTED = 'Redacted';

/** A deleted customer's address: every text member redacted, the country cleared, as upstream's delete_customer. */
function redactedAddress(): Customer['address'] {
  const address: NonNullable<Customer['address']> = { country: null };
  for (const member of ['city', 'line1', 'line2', 'line3', 'state', 'zip', 'first_name', 'last_name']) address[member] = REDACTED;
  return address;
}

export function customerResponse(customer: Customer) {
  return {
    customer_id: customer.customer_id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    phone_country_code: customer.phone_country_code,
    description: customer.description,
    address: addressDetailsWire(customer.address),
    created_at: customer.created_at,
    metadata: customer.metadata,
    default_payment_method_id: customer.default_payment_method_id,
  };
}
