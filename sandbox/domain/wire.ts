/**
 * Nested objects as the real service serialises them: every member of its struct present, `null`
 * when unset (serde writes an `Option` as `null`; upstream has no `skip_serializing_if` on these).
 * Stored documents keep what the request sent; these fill the rest in at answer time, so records
 * stored before this existed answer the same way.
 *
 * Sources (juspay/hyperswitch): `crates/api_models/src/payments.rs` `Address`, `AddressDetails`,
 * `PhoneDetails`, `OrderDetailsWithAmount`, `RequestSurchargeDetails`, `CustomerAcceptance`;
 * `crates/api_models/src/admin.rs` `MerchantDetails`; `crates/router/src/types/transformers.rs`
 * (`From<&domain::Address> for api_types::Address`: a stored address always answers with its
 * `address` and `phone` objects, their members null when unset).
 */
import type { Json, JsonObject } from './types.js';

/** Upstream's AddressDetails; its newer `origin_zip` is answered only when it was sent (the Cypress expectations compare addresses whole). */
const ADDRESS_DETAILS = ['city', 'country', 'line1', 'line2', 'line3', 'zip', 'state', 'first_name', 'last_name'] as const;
const PHONE_DETAILS = ['number', 'country_code'] as const;
const ORDER_DETAIL = [
  'product_name',
  'quantity',
  'amount',
  'tax_rate',
  'total_tax_amount',
  'requires_shipping',
  'product_img_link',
  'product_id',
  'category',
  'sub_category',
  'brand',
  'product_type',
  'product_tax_code',
  'description',
  'sku',
  'upc',
  'commodity_code',
  'unit_of_measure',
  'total_amount',
  'unit_discount_amount',
] as const;
const MERCHANT_DETAILS = [
  'primary_contact_person',
  'primary_phone',
  'primary_email',
  'secondary_contact_person',
  'secondary_phone',
  'secondary_email',
  'website',
  'about_business',
  'address',
  'merchant_tax_registration_id',
] as const;

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `members` in their order, each the stored value or null; members the record has beyond them follow. */
function filled(record: JsonObject, members: readonly string[]): JsonObject {
  // own members only, on an object without a prototype: a stored member named `constructor`,
  // `toString` or `__proto__` (an order item's extras are the merchant's) is answered like any other
  const out = Object.create(null) as JsonObject;
  for (const name of members) out[name] = (Object.hasOwn(record, name) ? record[name] : undefined) ?? null;
  for (const [name, value] of Object.entries(record)) if (!Object.hasOwn(out, name)) out[name] = value;
  return out;
}

/** `AddressDetails` (a customer's address, a merchant's address, `Address.address`). */
export function addressDetailsWire(details: Json | undefined): JsonObject | null {
  return isObject(details) ? filled(details, ADDRESS_DETAILS) : null;
}

/** `Address` (billing, shipping, a payment method's billing): `address` and `phone` always objects. */
export function addressWire(address: Json | undefined): JsonObject | null {
  if (!isObject(address)) return null;
  return {
    address: filled(isObject(address.address) ? address.address : {}, ADDRESS_DETAILS),
    phone: filled(isObject(address.phone) ? address.phone : {}, PHONE_DETAILS),
    email: address.email ?? null,
  };
}

/** `order_details[]` (`OrderDetailsWithAmount`). */
export function orderDetailsWire(items: JsonObject[] | null): JsonObject[] | null {
  return items ? items.map((item) => filled(item, ORDER_DETAIL)) : null;
}

/** `billing_descriptor` (`BillingDescriptor`): its six members, each null when not sent. */
export function billingDescriptorWire(descriptor: JsonObject | null): JsonObject | null {
  return descriptor ? filled(descriptor, ['name', 'city', 'phone', 'statement_descriptor', 'statement_descriptor_suffix', 'reference']) : null;
}

/** `surcharge_details` (`RequestSurchargeDetails`). */
export function surchargeWire(surcharge: JsonObject | null): JsonObject | null {
  return surcharge ? filled(surcharge, ['surcharge_amount', 'tax_amount']) : null;
}

/** `customer_acceptance` (`CustomerAcceptance`, its `online` object as `OnlineMandate`). */
export function customerAcceptanceWire(acceptance: JsonObject | null): JsonObject | null {
  if (!acceptance) return null;
  const out = filled(acceptance, ['acceptance_type', 'accepted_at', 'online']);
  if (isObject(acceptance.online)) out.online = filled(acceptance.online, ['ip_address', 'user_agent']);
  return out;
}

/** A merchant account's `merchant_details` (`MerchantDetails`), its `address` as `AddressDetails`. */
export function merchantDetailsWire(details: JsonObject | null): JsonObject | null {
  if (!details) return null;
  const out = filled(details, MERCHANT_DETAILS);
  out.address = addressDetailsWire(details.address);
  return out;
}
