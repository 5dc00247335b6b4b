/**
 * The billing details a confirm carries (the element's billing fields, docs/widget.md "Billing
 * details"), in the API's `Address` shape: what the client sends as `payment_method_data.billing`,
 * `billing` and `email`.
 */

/** Billing details in the API's `Address` shape (`billing`). */
export interface BillingInput {
  address?: { first_name?: string; last_name?: string; line1?: string; line2?: string; city?: string; state?: string; zip?: string; country?: string };
  phone?: { number?: string; country_code?: string };
  email?: string;
}

/** The members of a billing input that hold text (trimmed), or null when none does. */
export function billingData(billing: BillingInput | null | undefined): BillingInput | null {
  const filled = <T extends object>(part: T | undefined): T | undefined => {
    const entries = Object.entries(part ?? {}).flatMap(([name, value]) => (typeof value === 'string' && value.trim() ? [[name, value.trim()]] : []));
    return entries.length ? (Object.fromEntries(entries) as T) : undefined;
  };
  if (typeof billing !== 'object' || billing === null) return null;
  const address = filled(billing.address);
  const phone = filled(billing.phone);
  const email = typeof billing.email === 'string' ? billing.email.trim() : '';
  return address || phone || email ? { ...(address ? { address } : {}), ...(phone ? { phone } : {}), ...(email ? { email } : {}) } : null;
}

/**
 * The confirm body's members for a card and its billing details: the card's `payment_method_data`
 * with them as its `billing` (where the real service's web SDK puts them, its `required_fields` paths,
 * and where its connectors read the postal code for address verification), the payment's `billing`
 * (stored on the payment, returned to the merchant's server) and the email top-level, as the SDK's
 * confirm body sends it. Without billing details: the card alone.
 */
export function confirmBilling<T extends object>(methodData: T, input: BillingInput | null | undefined) {
  const billing = billingData(input);
  if (!billing) return { payment_method_data: methodData };
  return { payment_method_data: { ...methodData, billing }, billing, ...(billing.email ? { email: billing.email } : {}) };
}
