/**
 * The billing fields' texts (src/elements/tender-checkout/billing-fields.ts), in English. They ship
 * with the billing chunk, not with the form: a form that collects no billing details carries none of
 * them. Every locale module has them too, right after `holderName` in its source; as built
 * (scripts/locale-values.mjs) they follow the form's texts at the end of the module's list, and the
 * billing chunk reads them from there (`billingTexts`). The form's own catalogue (`localeTexts`) reads
 * only its own keys, so nothing in the form chunk knows these.
 */
import type { Messages } from './en.js';

export const billingEn = {
  'billing.address': 'Billing address',
  'billing.country': 'Country or region',
  'billing.name': 'Full name',
  'billing.line1': 'Address line 1',
  'billing.line2': 'Address line 2',
  'billing.city': 'City',
  'billing.state': 'State',
  'billing.province': 'Province',
  'billing.region': 'Region',
  'billing.postal': 'Postal code',
  'billing.zip': 'ZIP code',
  'billing.postcode': 'Postcode',
  'billing.pin': 'PIN code',
  'billing.email': 'Email',
  'billing.phone': 'Phone number',
  'billing.choose': 'Select…',
  'billing.error.empty': 'This field is required.',
  'billing.error.postal': 'This postal code is not valid for {country}.',
  'billing.error.email': 'Enter a valid email address.',
  'billing.error.phone': 'Enter a valid phone number.',
  'billing.invalid': 'Some billing details need attention.',
  'billing.avs': "The postal code does not match your card's billing address. Check it and try again.",
} as const;

export type BillingKey = keyof typeof billingEn;
export type BillingMessages = Record<BillingKey, string>;
/** What a locale module's source holds: the form's texts and the billing fields'. */
export type LocaleMessages = Messages & BillingMessages;

export const BILLING_KEYS = Object.keys(billingEn) as BillingKey[];

/**
 * The billing texts of a locale module as it ships (the list: they are its last texts) or as its
 * source is (an object); English where one is missing.
 */
export function billingTexts(texts: Partial<LocaleMessages> | readonly string[]): BillingMessages {
  const list = Array.isArray(texts) ? (texts as readonly string[]) : null;
  const result = { ...billingEn } as BillingMessages;
  BILLING_KEYS.forEach((key, index) => {
    const text = list ? list[list.length - BILLING_KEYS.length + index] : (texts as Partial<LocaleMessages>)[key];
    if (typeof text === 'string') result[key] = text;
  });
  return result;
}
