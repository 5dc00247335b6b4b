/**
 * Customers of a merchant: created through the API or by a payment's `customer`; deleted as upstream
 * deletes them (`crates/router/src/core/customers.rs` delete_customer): refused while a mandate is
 * active, then the saved payment methods are deleted and the customer's details and address are
 * redacted — the record stays, and answers `400 IR_11` from then on. Listed as upstream lists them
 * (juspay/hyperswitch at d1688907, tag 2026.06.25.0: core/customers.rs `list_customers` and
 * `list_customers_with_count`; api_models customers.rs `CustomerListRequest`,
 * `CustomerListRequestWithConstraints`), redacted ones included.
 */
import type { CustomerCreate, CustomerUpdate } from '../../src/api/admin.js';
import { apiError } from './errors.js';
import { CustomerListQueries, type CustomerListFilter } from '../store/customer-list.js';
import type { Store } from '../store/repo.js';
import { newCustomerId } from './ids.js';
import type { Customer } from './types.js';
import { asJson, checkMetadata } from './validation.js';
import { addressDetailsWire } from './wire.js';

export class CustomerService {
  private listQueries: CustomerListQueries | null = null;

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
      if (this.store.mandatesOfCustomer(merchantId, customerId).some((mandate) => mandate.status === 'active')) {
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

  /**
   * `GET /customers/list`, as upstream's `list_customers` (core/customers.rs): `limit` a u16,
   * default 10 (`DEFAULT_LIST_API_LIMIT`), `offset` a u32, `customer_id` one customer; oldest first.
   * Deleted customers are listed, redacted, as upstream's list query does not leave them out.
   */
  list(merchantId: string, query: CustomerListQuery): Customer[] {
    const limit = unsignedParam(query.limit, U16_MAX) ?? LIST_DEFAULT_LIMIT;
    const offset = unsignedParam(query.offset, U32_MAX) ?? 0;
    const filter = query.customer_id === undefined ? null : { customerId: query.customer_id };
    return this.queries().page(merchantId, filter, limit, offset);
  }

  /**
   * `GET /customers/list_with_count`, as upstream's `list_customers_with_count`: `limit` a
   * `CustomerListLimit` (1–100, default 20), `offset`, and `customer_id` or else a time range
   * (`start_time`, `end_time`); `total` counts every customer the filter selects.
   */
  listWithCount(merchantId: string, query: CustomerListQuery): { customers: Customer[]; total: number } {
    const limit = customerListLimit(query.limit);
    const offset = unsignedParam(query.offset, U32_MAX) ?? 0;
    const filter: CustomerListFilter = query.customer_id !== undefined ? { customerId: query.customer_id } : this.timeRange(query);
    const lists = this.queries();
    return { customers: lists.page(merchantId, filter, limit, offset), total: lists.count(merchantId, filter) };
  }

  /**
   * Upstream's `TimeRange`, flattened into the query as an `Option`: `start_time` (or `startTime`)
   * and an optional `end_time` (or `endTime`, default now), ISO 8601 with an offset. When they do not
   * deserialise, serde's flattened `Option` is `None` and nothing is filtered.
   */
  private timeRange(query: CustomerListQuery): CustomerListFilter {
    const start = isoTime(query.start_time ?? query.startTime);
    const endSent = query.end_time ?? query.endTime;
    const end = endSent === undefined ? new Date(this.now()).toISOString() : isoTime(endSent);
    return start === null || end === null ? null : { createdFrom: start, createdTo: end };
  }

  private queries(): CustomerListQueries {
    this.listQueries ??= new CustomerListQueries(this.store.db);
    return this.listQueries;
  }
}

/** The query of both customer lists: strings, read here as upstream deserialises them. */
export interface CustomerListQuery {
  limit?: string;
  offset?: string;
  customer_id?: string;
  start_time?: string;
  startTime?: string;
  end_time?: string;
  endTime?: string;
}

const LIST_DEFAULT_LIMIT = 10;
/** common_types consts.rs: CUSTOMER_LIST_LOWER_LIMIT, CUSTOMER_LIST_UPPER_LIMIT, CUSTOMER_LIST_DEFAULT_LIMIT. */
const COUNT_LOWER_LIMIT = 1;
const COUNT_UPPER_LIMIT = 100;
const COUNT_DEFAULT_LIMIT = 20;
const U16_MAX = 65_535;
const U32_MAX = 4_294_967_295;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with its offset, as stored (UTC, milliseconds); null for anything else. */
function isoTime(value: string | undefined): string | null {
  const time = value !== undefined && ISO_WITH_OFFSET.test(value) ? new Date(value) : null;
  return time === null || Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * A query value read as a Rust unsigned integer (`str::parse`, which serde_urlencoded uses), with
 * Rust's `ParseIntError` texts; absent is `undefined`. Upstream's actix `web::Query` answers such an
 * error `400` "Query deserialize error: …".
 */
function unsignedParam(value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const refuse = (detail: string) => apiError('customerListQuery', { detail });
  if (value === '') throw refuse('cannot parse integer from empty string');
  const digits = value.startsWith('+') ? value.slice(1) : value;
  if (!/^\d+$/.test(digits)) throw refuse('invalid digit found in string');
  const number = Number(digits);
  if (number > max) throw refuse('number too large to fit in target type');
  return number;
}

/** `limit` of `/customers/list_with_count`: common_types primitive_wrappers.rs `CustomerListLimit::new`. */
function customerListLimit(value: string | undefined): number {
  const limit = unsignedParam(value, U16_MAX);
  if (limit === undefined) return COUNT_DEFAULT_LIMIT;
  if (limit < COUNT_LOWER_LIMIT) throw apiError('customerListQuery', { detail: `CustomerListLimit cannot be less than ${COUNT_LOWER_LIMIT}` });
  if (limit > COUNT_UPPER_LIMIT) {
    throw apiError('customerListQuery', { detail: `CustomerListLimit exceeds the maximum allowed value of ${COUNT_UPPER_LIMIT}` });
  }
  return limit;
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

/**
 * A customer in a list: `customerResponse` with `address` null, as upstream builds list entries
 * without looking up addresses (core/customers.rs: `CustomerResponse::try_from((customer, None))`).
 */
export const listedCustomerResponse = (customer: Customer) => ({ ...customerResponse(customer), address: null });

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
