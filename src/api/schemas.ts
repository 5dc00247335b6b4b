/**
 * Response shapes of the payment API in zod/mini: the single source of truth for the wire format.
 * Loose objects: a response may carry members this version does not know yet.
 */
import * as z from 'zod/mini';
import { INTENT_STATUSES } from './enums.js';

const opt = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

export const ErrorEnvelope = z.object({
  error: z.looseObject({
    type: z.optional(z.string()),
    error_type: z.optional(z.string()),
    message: z.string(),
    code: z.string(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const PollConfig = z.looseObject({ delay_in_secs: z.int(), frequency: z.int() });

export const RedirectToUrl = z.looseObject({ type: z.literal('redirect_to_url'), redirect_to_url: z.string() });
export const WaitScreenInformation = z.looseObject({
  type: z.literal('wait_screen_information'),
  display_from_timestamp: z.number(),
  display_to_timestamp: opt(z.number()),
  poll_config: opt(PollConfig),
});
/**
 * The 3-D Secure challenge in a frame (the payment was confirmed with `is_iframe_redirection_enabled`):
 * `popup_url` is the challenge page, `redirect_response_url` the page that ends the frame.
 */
export const RedirectInsidePopup = z.looseObject({
  type: z.literal('redirect_inside_popup'),
  popup_url: z.string(),
  redirect_response_url: z.string(),
});
export type RedirectToUrl = z.infer<typeof RedirectToUrl>;
export type RedirectInsidePopup = z.infer<typeof RedirectInsidePopup>;
export type WaitScreenInformation = z.infer<typeof WaitScreenInformation>;
export const NextAction = z.union([RedirectToUrl, RedirectInsidePopup, WaitScreenInformation, z.looseObject({ type: z.string() })]);
export type NextAction = z.infer<typeof NextAction>;

/** The `type` of the message a challenge page in a frame posts to the merchant page when it ends. */
export const CHALLENGE_FINISHED = 'challenge_finished';
/**
 * That message: which payment's challenge ended, never its outcome (retrieve the payment). It is
 * posted only to the merchant's origins, never to `*`.
 */
export const ChallengeFinishedMessage = z.strictObject({ type: z.literal(CHALLENGE_FINISHED), payment_id: z.string() });
export type ChallengeFinishedMessage = z.infer<typeof ChallengeFinishedMessage>;

export const MaskedCardResponse = z.looseObject({
  last4: opt(z.string()),
  card_network: opt(z.string()),
  card_exp_month: opt(z.string()),
  card_exp_year: opt(z.string()),
  card_holder_name: opt(z.string()),
});

/** A billing or shipping address as the API answers it (`billing` of a payment; `phone` and `email` with it). */
export const AddressResponse = z.looseObject({
  address: opt(
    z.looseObject({
      first_name: opt(z.string()),
      last_name: opt(z.string()),
      line1: opt(z.string()),
      line2: opt(z.string()),
      city: opt(z.string()),
      state: opt(z.string()),
      zip: opt(z.string()),
      country: opt(z.string()),
    }),
  ),
  phone: opt(z.looseObject({ number: opt(z.string()), country_code: opt(z.string()) })),
  email: opt(z.string()),
});
export type AddressResponse = z.infer<typeof AddressResponse>;

export const PaymentResponse = z.looseObject({
  payment_id: z.string(),
  merchant_id: z.string(),
  status: z.enum(INTENT_STATUSES),
  amount: z.int(),
  net_amount: z.int(),
  amount_capturable: z.int(),
  amount_received: opt(z.int()),
  currency: z.string(),
  client_secret: opt(z.string()),
  capture_method: opt(z.string()),
  payment_method: opt(z.string()),
  payment_method_data: opt(z.looseObject({ card: opt(MaskedCardResponse) })),
  next_action: opt(NextAction),
  error_code: opt(z.string()),
  error_message: opt(z.string()),
  unified_code: opt(z.string()),
  unified_message: opt(z.string()),
  manual_retry_allowed: opt(z.boolean()),
  return_url: opt(z.string()),
  attempt_count: z.int(),
  created: opt(z.string()),
  expires_on: opt(z.string()),
  mandate_id: opt(z.string()),
  customer_id: opt(z.string()),
  setup_future_usage: opt(z.string()),
  /** The billing address the merchant's server set (the form is prefilled from it), or the one the customer sent. */
  billing: opt(AddressResponse),
  email: opt(z.string()),
});
export type PaymentResponse = z.infer<typeof PaymentResponse>;

export const CardNetworkEntry = z.looseObject({
  card_network: z.string(),
  eligible_connectors: z.array(z.string()),
});

/**
 * One of the fields a payment method requires beyond the card (upstream's `RequiredFieldInfo`), keyed
 * in `required_fields` by its path (`billing.address.zip`); `value` is the payment's own, to prefill.
 * `field_type` is a name (`user_address_pincode`) or, for a choice, an object (`{ user_address_country: { options } }`).
 */
export const RequiredFieldInfo = z.looseObject({
  required_field: z.string(),
  display_name: opt(z.string()),
  field_type: opt(z.union([z.string(), z.record(z.string(), z.unknown())])),
  value: opt(z.string()),
});
export type RequiredFieldInfo = z.infer<typeof RequiredFieldInfo>;

export const PaymentMethodListResponse = z.looseObject({
  currency: opt(z.string()),
  merchant_name: opt(z.string()),
  payment_methods: z.array(
    z.looseObject({
      payment_method: z.string(),
      payment_method_types: z.array(
        z.looseObject({
          payment_method_type: z.string(),
          card_networks: opt(z.array(CardNetworkEntry)),
          required_fields: opt(z.record(z.string(), RequiredFieldInfo)),
        }),
      ),
    }),
  ),
});
export type PaymentMethodListResponse = z.infer<typeof PaymentMethodListResponse>;

/**
 * One of the customer's saved cards as the browser's list gives it (upstream's `CustomerPaymentMethod`,
 * `crates/api_models/src/payment_methods.rs`): `payment_token` pays with it on this payment only.
 */
export const SavedCard = z.looseObject({
  payment_token: z.string(),
  payment_method_id: z.string(),
  customer_id: opt(z.string()),
  payment_method: z.string(),
  card: opt(
    z.looseObject({
      scheme: opt(z.string()),
      card_network: opt(z.string()),
      last4_digits: opt(z.string()),
      expiry_month: opt(z.string()),
      expiry_year: opt(z.string()),
    }),
  ),
  requires_cvv: opt(z.boolean()),
  recurring_enabled: opt(z.boolean()),
  default_payment_method_set: opt(z.boolean()),
  created: opt(z.string()),
  last_used_at: opt(z.string()),
});
export type SavedCard = z.infer<typeof SavedCard>;

/** `GET /customers/payment_methods?client_secret=` (upstream's `CustomerPaymentMethodsListResponse`). */
export const SavedCardsResponse = z.looseObject({
  customer_payment_methods: z.array(SavedCard),
  is_guest_customer: opt(z.boolean()),
});
export type SavedCardsResponse = z.infer<typeof SavedCardsResponse>;
