/**
 * Mandates as the merchant's server reads and revokes them: `GET /mandates/{id}`,
 * `POST /mandates/revoke/{id}` and `GET /customers/{id}/mandates`. A mandate is created when a
 * payment with `mandate_data` is approved (payments/outcome.ts) and charged by recurring payments
 * (payments/mandates.ts).
 *
 * Upstream: `crates/router/src/core/mandate.rs` (get_mandate; revoke_mandate: active, inactive and
 * pending mandates are revoked, a revoked one is `HE_03` "Mandate has already been revoked";
 * get_customer_mandates: no mandate at all is `404 HE_02`), `crates/api_models/src/mandates.rs`
 * (MandateResponse, MandateCardDetails, MandateRevokedResponse).
 */
import { apiCardNetwork } from './card-networks.js';
import { apiError, errors } from './errors.js';
import type { Store } from '../store/repo.js';
import type { Mandate } from './types.js';
import { customerAcceptanceWire } from './wire.js';

/** The wire shape of a mandate (MandateResponse). */
export function mandateResponse(mandate: Mandate) {
  const card = mandate.card;
  return {
    mandate_id: mandate.mandate_id,
    // a single-use mandate that has been charged stays `active`, as upstream's (its mandate_procedure
    // runs only where a mandate is made); a second charge is refused all the same (payments/mandates.ts)
    status: mandate.status,
    payment_method_id: mandate.payment_method_id ?? '',
    payment_method: 'card',
    payment_method_type: card?.card_type ?? 'credit',
    card: card
      ? {
          last4_digits: card.last4,
          card_exp_month: card.card_exp_month,
          card_exp_year: card.card_exp_year,
          card_holder_name: card.card_holder_name,
          card_token: null,
          scheme: apiCardNetwork(card.card_network),
          issuer_country: null,
          card_fingerprint: null,
          card_isin: card.card_isin,
          card_issuer: null,
          card_network: apiCardNetwork(card.card_network),
          card_type: card.card_type,
          nick_name: null,
        }
      : null,
    customer_acceptance: customerAcceptanceWire(mandate.customer_acceptance),
  };
}

export class MandateService {
  constructor(private readonly store: Store) {}

  /** GET /mandates/{id}: one of the merchant's mandates; another merchant's is not found. */
  get(merchantId: string, mandateId: string): Mandate {
    const mandate = this.store.mandate(merchantId, mandateId);
    if (!mandate) throw apiError('mandateNotFound');
    return mandate;
  }

  /** POST /mandates/revoke/{id}: revokes it (no recurring payment can use it any more). */
  revoke(merchantId: string, mandateId: string): Mandate {
    return this.store.transaction(() => {
      const mandate = this.get(merchantId, mandateId);
      if (mandate.status === 'revoked') throw errors.mandateValidation('Mandate has already been revoked');
      mandate.status = 'revoked';
      this.store.putMandate(mandate);
      return mandate;
    });
  }

  /** GET /customers/{id}/mandates: the customer's mandates, oldest first; none at all is 404, as upstream. */
  ofCustomer(merchantId: string, customerId: string): Mandate[] {
    if (this.store.customer(merchantId, customerId)?.redacted) throw apiError('customerRedacted');
    const mandates = this.store.mandatesOfCustomer(merchantId, customerId);
    if (mandates.length === 0) throw apiError('mandateNotFound');
    return mandates;
  }
}
