import type { Hono } from 'hono';
import type { CustomerService } from '../domain/customers.js';
import type { MerchantService } from '../domain/merchants.js';
import type { RefundService } from '../domain/refunds.js';
import type { PaymentService } from '../domain/payments/service.js';
import type { Store } from '../store/repo.js';

/** What every route module is given. */
export interface RouteDeps {
  store: Store;
  payments: PaymentService;
  merchants: MerchantService;
  customers: CustomerService;
  refunds: RefundService;
  adminKey: string;
  publicUrl: string;
  now: () => number;
}

export type App = Hono;
