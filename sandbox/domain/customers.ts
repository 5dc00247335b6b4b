/** Customers of a merchant: created through the API or by a payment's `customer`. */
import type { CustomerCreate, CustomerUpdate } from '../../src/api/admin.js';
import { apiError } from './errors.js';
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
      const customer: Customer = {
        customer_id: customerId,
        merchant_id: merchantId,
        name: request.name ?? null,
        email: request.email ?? null,
        phone: request.phone ?? null,
        phone_country_code: request.phone_country_code ?? null,
        description: request.description ?? null,
        address: asJson(request.address),
        metadata: asJson(request.metadata),
        default_payment_method_id: null,
        created_at: new Date(this.now()).toISOString(),
      };
      this.store.putCustomer(customer);
      return customer;
    });
  }

  /** A customer of this merchant; another merchant's customer is not found. */
  get(merchantId: string, customerId: string): Customer {
    const customer = this.store.customer(merchantId, customerId);
    if (!customer) throw apiError('customerNotFound');
    return customer;
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
