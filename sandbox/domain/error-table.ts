/**
 * Every error the sandbox can answer: condition, HTTP status, envelope type, code and message, with
 * the upstream source each follows. One table: `errors.ts` builds every ApiError from it, and
 * docs/sandbox.md carries it rendered (test/node checks the two agree).
 *
 * Sources: "api_error_response.rs" is the real service's error catalogue
 * (juspay/hyperswitch `crates/hyperswitch_domain_models/src/errors/api_error_response.rs`: the
 * code, message and, in its `ErrorSwitch`, the HTTP status of each error); "Commons.js:N" is a line
 * of its Cypress expectations (`cypress-tests/cypress/e2e/configs/Payment/Commons.js`, commit
 * 96dca907); "customers_error_response.rs" is `crates/router/src/core/errors/customers_error_response.rs`;
 * "refunds.rs" is `crates/router/src/core/refunds.rs`. "sandbox" marks a rule of the spec or of the
 * sandbox that the real service does not have, answered in the real service's closest shape.
 * `{name}` in a message is filled in by the caller.
 */
/** HTTP statuses the API answers errors with. */
export type ErrorStatus = 200 | 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 501 | 503;

export interface ErrorRow {
  condition: string;
  status: ErrorStatus;
  code: string;
  /** The envelope's type. */
  type: 'invalid_request' | 'api' | 'blocked';
  /** `error_type` instead of `type`: upstream's shape for JSON deserialisation errors. */
  typeMember: 'type' | 'error_type';
  message: string;
  source: string;
}

const row = (status: ErrorStatus, code: string, message: string, condition: string, source: string, typeMember: 'type' | 'error_type' = 'type'): ErrorRow => ({
  condition,
  status,
  code,
  type: status >= 500 ? 'api' : 'invalid_request',
  typeMember,
  message,
  source,
});

export const ERROR_TABLE = {
  // ---- keys, routes, bodies --------------------------------------------------------------------
  unauthorized: row(401, 'IR_01', 'API key not provided or invalid API key used', 'no key, an unknown, revoked or expired key, or a key of the wrong kind for the call', 'api_error_response.rs Unauthorized'),
  adminKeyForeignHost: row(401, 'IR_01', 'API key not provided or invalid API key used', 'the default admin key (`test_admin`) on a request whose `Host` is neither a loopback name (`localhost`, `127.x.x.x`, `[::1]`) nor the public URL\'s: a web page that points its own name at 127.0.0.1 (DNS rebinding)', 'sandbox (as api_error_response.rs Unauthorized)'),
  unknownRoute: row(404, 'IR_02', 'Unrecognized request URL', 'a path the API does not have', 'api_error_response.rs InvalidRequestUrl'),
  unreadableRequest: row(400, 'IR_06', 'The request cannot be read: {why}', 'a request line or `Host` header no URL can be made of (`Host: a b`, a port above 65535, a path in the host, a backslash in the path), refused before any route', 'sandbox'),
  methodNotAllowed: row(405, 'IR_03', 'The HTTP method is not applicable for this API', 'a known path with another method', 'api_error_response.rs InvalidHttpMethod'),
  bodyTooLarge: row(413, 'IR_06', 'The request body is larger than the limit of {limit} bytes', 'a body over 1 MiB, on any route (JSON, a form, a route that reads none): declared so (`content-length`), or sent in chunks and refused as it passes the limit, before the rest is read', 'sandbox'),
  badForm: row(400, 'IR_06', 'The request body cannot be read as {type}', 'a form body that cannot be parsed (`multipart/form-data` without its boundary, an unterminated part)', 'sandbox'),
  wrongContentType: row(415, 'IR_06', 'Content-Type must be application/json', 'a body that is not sent as application/json', 'sandbox'),
  deserialize: row(400, 'IR_06', 'Json deserialize error: {detail}', 'a body that is not a JSON object, an unknown member, a member of the wrong type, an unknown enum variant ("unknown variant `United`, expected one of …"), a card number of the wrong length, a member missing from an item of a list ("missing field `product_name`" in `order_details`) or from a nested object (`pm_collect_link_config`\'s `allowed_domains`)', 'Commons.js:1031, :1139, :1167, :1196', 'error_type'),
  badQuery: row(400, 'IR_06', 'Json deserialize error: {detail}', 'an unknown query parameter or a value it cannot take', 'sandbox (as deserialize)', 'error_type'),
  missingParam: row(400, 'IR_04', 'Missing required param: {field}', 'a required member is absent, e.g. `payment_method` when `payment_method_data` names one (card data, a bank debit…), or `payment_method_type` with a `payment_method` other than `card`', 'api_error_response.rs MissingRequiredField; Commons.js:1253'),
  invalidValue: row(422, 'IR_06', '{field} {rule}', 'a member breaks a length, range or format limit (`payment_id` not 30 characters, a text over its maximum, …)', 'api_error_response.rs InvalidRequestData (422)'),

  // ---- client secret ---------------------------------------------------------------------------
  clientSecretNotAllowed: row(422, 'IR_06', 'client_secret is not a valid parameter', 'a `client_secret` sent with the secret key', 'api_error_response.rs InvalidRequestData'),
  clientSecretExpired: row(400, 'IR_08', 'The provided client_secret has expired', 'the client secret is older than `session_expiry`', 'api_error_response.rs ClientSecretExpired'),
  clientSecretMismatch: row(400, 'IR_09', 'The client_secret provided does not match the client_secret associated with the Payment', "a client secret that is not the payment's", 'api_error_response.rs ClientSecretInvalid'),
  clientConfirmMemberChanged: row(422, 'IR_06', '`{member}` cannot be changed with a publishable key; only the merchant\'s secret key may change it', 'a client-side confirm (publishable key) that sends a member outside `CLIENT_CONFIRM_MEMBERS` (src/api/requests.ts) with a value other than the payment\'s own (amounts, currency, capture method, metadata, description, mandates, `off_session`, `profile_id`, …; repeating the payment\'s value is accepted)', 'sandbox (answered as api_error_response.rs InvalidRequestData: the real service applies or ignores what the browser sends)'),
  customerAccessDenied: row(401, 'IR_18', 'Unauthorised access to update customer', 'a client-side confirm whose `customer_id` (or `customer.id`) is not the payment\'s customer', 'api_error_response.rs GenericUnauthorized, raised by payments/helpers.rs validate_customer_access; Cypress configs/Payment/ClientPaymentUpdate.js WrongCustomerId'),
  returnUrlNotAllowed: row(400, 'IR_07', 'Invalid value provided: return_url (its origin is not one of the merchant\'s allowed_origins)', 'a client-side confirm whose `return_url` is on none of the merchant\'s `allowed_origins`, when it lists any', 'api_error_response.rs InvalidDataValue (the allowed_origins rule is the sandbox\'s)'),

  // ---- payments: create and confirm ------------------------------------------------------------
  amountToCaptureAboveAmount: row(400, 'IR_05', 'amount_to_capture contains invalid data. Expected format is amount_to_capture lesser than amount', 'create with `amount_to_capture` above `amount`', 'Commons.js:1224'),
  paymentMethodDataRequired: row(422, 'IR_06', 'A payment token or payment method data or ctp service details is required', 'a confirm without card data, a mandate or a saved payment method', 'Commons.js:1279'),
  duplicatePayment: row(400, 'HE_01', 'The payment with the specified payment_id already exists in our records', 'create with a `payment_id` the merchant already has (`reason`: "{payment_id} already exists")', 'api_error_response.rs DuplicatePayment; Commons.js:1473'),
  netAmountTooLarge: row(422, 'IR_06', 'net_amount (amount + shipping_cost + order_tax_amount + surcharge_details) may be at most {max}', 'amounts whose sum (`net_amount`) is not a safe integer, so every amount shown stays an exact JSON integer', 'sandbox (answered as api_error_response.rs InvalidRequestData)'),
  changedOnConfirm: row(422, 'IR_06', '{member} cannot be changed when confirming a payment', 'a confirm that sends `amount`, `currency` or `payment_id` with a value other than the payment\'s (the same value is accepted)', 'sandbox'),
  confirmWrongState: row(400, 'IR_16', 'You cannot confirm this payment because it has status {status}', 'confirm of a payment that is not waiting for one (a declined card may be confirmed again unless its profile refuses it: below)', 'Commons.js:1328'),
  updateWrongState: row(400, 'IR_16', 'You cannot update this payment because it has status {status}', '`POST /payments/{id}` (update) of a payment that is neither `requires_payment_method` nor `requires_confirmation`', 'payment_update.rs (validate_payment_status_against_allowed_statuses)'),
  listLimit: row(422, 'IR_06', 'limit should be in between 1 and 100', 'a list (`GET /payments/list`, `POST /refunds/list`) with a `limit` outside 1–100', 'payments helpers validate_payment_list_request; refunds validator validate_refund_list'),
  confirmIsForCards: row(422, 'IR_06', 'Confirm is for card payments only; mobile-money payments are created with confirm=true', 'confirm of a mobile-money payment', 'sandbox (spec: confirm is for cards)'),
  paymentMethodTypeMismatch: row(400, 'IR_06', "payment_method_type doesn't correspond to the specified payment_method", 'create, update or confirm whose `payment_method_type` is not one of its `payment_method`\'s (`klarna` with `card`)', 'payments/helpers.rs validate_payment_method_fields_present (payment_methods helpers.rs validate_payment_method_type_against_payment_method)'),
  paymentMethodDataMismatch: row(400, 'IR_06', "payment_method_data doesn't correspond to the specified payment_method", 'create, update or confirm whose `payment_method_data` is another method\'s (`bank_debit` data with `card`)', 'payments/helpers.rs validate_payment_method_fields_present'),
  savedMethodTypeMismatch: row(400, 'IR_06', "Invalid 'payment_method_type' provided", '`POST /payment_methods` whose `payment_method_type` is not one of its `payment_method`\'s (`klarna` with `card`)', 'types/api/payment_methods.rs PaymentMethodCreateExt::validate'),
  paymentMethodNotSupported: row(400, 'IR_19', 'Payment method type not supported', 'create with `confirm: true`, confirm or update with a `payment_method` the simulated connector does not process, `POST /payment_methods` with a method other than a card, or `POST`/`DELETE /blocklist` with a card `fingerprint`, which the sandbox does not keep (`reason` names it)', 'api_error_response.rs NotSupported'),
  captureMethodNotSupported: row(400, 'IR_19', 'Payment method type not supported', 'a confirm (or create with `confirm: true`) of a payment whose `capture_method` is `scheduled` (`reason`: "scheduled is not supported by {connector}"); a create or update without `confirm` keeps it', 'dummyconnector.rs ConnectorValidation (scheduled is NotSupported) → api_error_response.rs NotSupported'),
  mandateAndCard: row(422, 'IR_06', 'Pass either mandate_id or payment_method_data, not both', 'a recurring payment that also sends card data', 'sandbox'),
  offSessionNeedsConfirm: row(422, 'IR_06', 'off_session is only usable with confirm=true', '`off_session: true` on a create without `confirm: true`', 'sandbox (spec: off_session)'),
  offSessionNeedsMandate: row(422, 'IR_06', 'off_session must be true when mandate_id is passed', 'a recurring payment (`mandate_id` or `recurring_details`) without `off_session: true`', 'sandbox (spec: mandate_id)'),
  customerIdMismatch: row(422, 'IR_06', 'customer_id and customer.id must be the same customer', '`customer_id` and `customer.id` name different customers', 'sandbox'),
  mandateDataCurrency: row(422, 'IR_06', 'mandate_data currency must match the payment currency', '`mandate_data` limits in another currency than the payment', 'sandbox'),
  mandateDataAmount: row(422, 'IR_06', 'amount is above the mandate amount in mandate_data', 'a payment above the limit of the mandate it sets up', 'sandbox'),
  blocklistDataFormat: row(422, 'IR_05', 'data contains invalid data. Expected format is {format}', '`POST /blocklist` or `DELETE /blocklist` with a `card_bin` that is not 6 digits or an `extended_card_bin` that is not 8', 'api_error_response.rs InvalidDataFormat; blocklist/utils.rs validate_card_bin'),
  blocklistDuplicate: row(400, 'IR_16', 'provided bin is already blocked', '`POST /blocklist` with a BIN the merchant has blocked already', 'api_error_response.rs PreconditionFailed; blocklist/utils.rs duplicate_check_insert_bin'),
  blocklistEntryNotFound: row(404, 'IR_37', 'could not find a blocklist entry for the given bin', '`DELETE /blocklist` with a BIN the merchant has not blocked', 'api_error_response.rs GenericNotFoundError; blocklist/utils.rs delete_card_bin_blocklist_entry'),
  // answered with HTTP 200, as upstream's PaymentBlockedError { code: 200 } is (blocklist/utils.rs validate_data_for_blocklist)
  paymentBlocked: { ...row(200, 'HE_03', '{message}', "a confirm (or create with `confirm: true`) whose card the payment's profile blocks (`payment_method_blocking.card`: the BIN table's issuing country, card type or subtype, or a BIN it does not know with `block_if_bin_info_unavailable`) while the merchant's blocklist guard is on (`POST /blocklist/toggle?status=true`): the message is the reason's (\"Debit cards are not accepted for this transaction, please try a different card\", …), `reason` is `Blocked`; the payment is `failed` with `error_code` `HE-03`", 'blocklist/utils.rs should_payment_be_blocked_by_profile_config; common_enums BlockReason; Commons.js blockedPaymentErrorBody…'), type: 'blocked' as const },
  paymentLinkWithConfirm: row(422, 'IR_06', 'cannot confirm a payment while creating a payment link', '`payment_link: true` with `confirm: true`', 'payment_create.rs validate_request → payments helpers validate_payment_link_request'),
  businessProfileNotFound: row(404, 'HE_02', 'Business profile with the given id {id} does not exist', 'a payment\'s `profile_id` (create, update, confirm) or an account\'s `default_profile` that is no profile, a deleted one, or no `profile_id` while the merchant\'s `default_profile` was deleted; a profile the route\'s merchant does not have (`/account/{merchant_id}/business_profile/{profile_id}`); with `business_country` and `business_label` and no default profile, no profile named `{country}_{label}` ({id} is that name)', 'api_error_response.rs ProfileNotFound; core/utils.rs validate_and_get_business_profile, get_profile_id_from_business_details; core/admin.rs retrieve_profile, update_profile, delete_profile'),
  profileOfAnotherMerchant: row(403, 'IR_22', 'Access forbidden. Not authorized to access this resource {resource}', 'a payment\'s `profile_id` or an account\'s `default_profile` that is another merchant\'s profile', 'api_error_response.rs AccessForbidden; core/utils.rs validate_and_get_business_profile'),
  duplicateProfileName: row(400, 'IR_38', 'Business Profile with the profile_id {profile_id} already exists', 'a business profile created (or renamed) with the `profile_name` of another of the merchant\'s profiles; `{profile_id}` is the id the new profile would have had, as upstream words its unique-index error (a rename: the profile\'s own id)', 'api_error_response.rs GenericDuplicateError; core/admin.rs create_profile'),
  manualRetryDisabled: row(400, 'IR_16', 'You cannot confirm this payment because it has status failed, you can enable `manual_retry` in profile to try this payment again', 'confirm of a declined card payment whose profile sets `is_manual_retry_enabled: false`', 'payments/helpers.rs get_attempt_type (PreconditionFailed)'),
  manualRetryExpired: row(400, 'IR_16', 'You cannot confirm this payment using `manual_retry` because the allowed duration has expired', 'a new confirm of a declined card payment, on a profile with `is_manual_retry_enabled: true`, later than half its `session_expiry` after it was created', 'payments/helpers.rs get_attempt_type, validate_manual_retry_cutoff (PreconditionFailed)'),
  noEligibleConnector: row(400, 'IR_39', 'No eligible connector was found for the current payment method configuration', 'a payment whose profile has connector accounts none of which takes it (its method and type, the card\'s network, the currency, the amount: their `payment_methods_enabled`), or that names by `connector` only such accounts; a payment without the customer (a `mandate_id`, `recurring_details`, or the `payment_token` of a card saved off-session, sent without its CVC) routed to a connector account that does not hold the card\'s connector mandate, on a profile without `is_connector_agnostic_mit_enabled` or with a card that has no network transaction id', 'api_error_response.rs IncorrectPaymentMethodConfiguration; core/payments.rs get_all_action_types, plan_payment_execution_after_routing'),
  connectorNotEnabled: row(422, 'IR_06', 'connector {connector} is not enabled for this merchant; use one of {connectors}', 'a `connector` that is neither one the sandbox simulates nor the connector of one of the merchant\'s connector accounts; at confirm, one that no account of the payment\'s profile has and the sandbox does not simulate', 'sandbox'),
  orderDetailsTotal: row(422, 'IR_06', 'The order_details total ({total}) does not match amount ({amount})', 'order item amounts that do not add up to `amount` (spec)', 'sandbox (spec: order_details)'),
  mobileMoneyNeedsConfirm: row(422, 'IR_06', 'Mobile-money payments are created with confirm=true', 'a mobile-money payment created without `confirm: true` (spec)', 'sandbox (spec)'),
  mobileMoneyType: row(422, 'IR_06', 'payment_method_type must be pay_bill or pay_till for a mobile-money payment', 'a wallet payment of another type', 'sandbox (spec)'),
  metadataLimit: row(422, 'IR_06', '{rule}', 'a `metadata`, in any body and at any depth (`mandate_data…single_use.metadata` included), over 50 keys, a key over 40 characters or a value over 500 (spec)', 'sandbox (spec: metadata limits)'),
  freeFormLimit: row(422, 'IR_06', '{rule}', 'any other free-form member (`connector_metadata`, `frm_metadata`, `split_payments`, `browser_info`, … every one listed under *Free-form members*) whose JSON is over 16,384 characters', 'sandbox'),
  statementDescriptor: row(422, 'IR_06', '{rule}', 'a statement descriptor without a letter or over 22 characters (spec)', 'sandbox (spec: statement descriptors)'),

  sessionTokenWrongState: row(400, 'IR_16', 'You cannot create a session token for this payment because it has status {status}', '`POST /payments/session_tokens` for a payment that succeeded or failed', 'api_error_response.rs PreconditionFailed (payment_session.rs: not allowed for Failed, Succeeded)'),

  // ---- card validation, in upstream's order: number, CVC length, expiry month, expiry year, expired
  invalidCardNumber: row(400, 'IR_06', 'Json deserialize error: invalid card number', 'a card number that fails the Luhn check (where its brand needs one)', 'Commons.js:1031', 'error_type'),
  invalidCvcLength: row(400, 'IR_16', 'Invalid card_cvc length', 'a CVC that is not 3 or 4 digits (for any network, as upstream\'s validate_card_data), checked before the expiry', 'Commons.js:1112'),
  invalidExpiryMonth: row(400, 'IR_16', 'Invalid Expiry Month', 'an expiry month that is not 1–12', 'Commons.js:1058'),
  invalidExpiryYear: row(400, 'IR_16', 'Invalid Expiry Year', 'an expiry year that is not 2 or 4 digits, or before the current year', 'Commons.js:1085'),
  cardExpired: row(400, 'IR_16', 'Card Expired', 'an expiry month of this year that has passed', 'api_error_response.rs PreconditionFailed (payments helpers validate_card_data)'),

  // ---- capture and cancel ----------------------------------------------------------------------
  captureWrongState: row(400, 'IR_14', 'This Payment could not be captured because it has a payment.status of {status}. The expected state is requires_capture, partially_captured_and_capturable, processing', 'capture of a payment that holds no authorised funds', 'Commons.js:1310'),
  captureAboveAmount: row(400, 'IR_06', 'amount_to_capture is greater than amount', '`amount_to_capture` above what is still capturable', 'Commons.js:1295'),
  captureZero: row(422, 'IR_06', 'amount_to_capture must be greater than 0', '`amount_to_capture: 0` while funds are capturable', 'sandbox'),
  cancelWrongState: row(400, 'IR_16', 'You cannot cancel this payment because it has status {status}', 'cancel of a payment that is final or already captured', 'Commons.js:669'),

  // ---- mandates and saved payment methods ------------------------------------------------------
  mandateValidation: row(400, 'HE_03', 'Mandate Validation Failed', 'a recurring payment the mandate does not allow; `reason` says why (above the mandate amount: "request amount is greater than mandate amount", another currency, another customer, outside its dates, not active); a revoke of a mandate already revoked (`reason`: "Mandate has already been revoked")', 'api_error_response.rs MandateValidationFailed; mandate.rs revoke_mandate'),
  mandateNeedsCustomer: row(400, 'IR_04', 'Missing required param: customer_id', '`mandate_data` without a customer, or a `payment_method_id` recurring payment without one', 'api_error_response.rs MissingRequiredField'),
  paymentTokenInvalid: row(422, 'IR_29', 'Token is invalid or expired', 'a confirm whose `payment_token` is not one this payment\'s client session was given for its own customer: unknown or forged, another payment\'s, another customer\'s, another merchant\'s, expired with the client secret, or its saved card forgotten since (nothing on the payment changes)', 'api_error_response.rs UnprocessableEntity, raised by payments/helpers.rs retrieve_payment_token_data (make_pm_data)'),
  paymentTokenAndCard: row(422, 'IR_06', 'Pass either payment_token or payment_method_data.card, not both', 'a confirm with a `payment_token` and card data (or a mandate, or `recurring_details`)', 'sandbox (answered as api_error_response.rs InvalidRequestData)'),
  paymentMethodNotValid: row(400, 'IR_16', 'The payment_method_id is not valid', '`POST /customers/{id}/payment_methods/{pm}/default` naming another customer\'s saved method', 'api_error_response.rs PreconditionFailed; payment_methods/cards.rs set_default_payment_method'),
  paymentMethodAlreadyDefault: row(400, 'IR_16', 'Payment Method is already set as default', '`POST /customers/{id}/payment_methods/{pm}/default` naming the customer\'s default already', 'api_error_response.rs PreconditionFailed; payment_methods/cards.rs set_default_payment_method'),
  recurringDetailsUnsupported: row(400, 'IR_19', 'Payment method type not supported', '`recurring_details` of a type a card sandbox cannot take (`processor_payment_token`, `network_transaction_id_and_card_details`)', 'api_error_response.rs NotSupported'),

  // ---- refunds ---------------------------------------------------------------------------------
  refundWrongState: row(400, 'IR_14', 'This Payment could not be refund because it has a status of {status}. The expected state is {states}', 'a refund of a payment that has captured nothing', 'refunds.rs (PaymentUnexpectedState)'),
  refundAboveCaptured: row(400, 'IR_13', 'The refund amount exceeds the amount captured', 'a refund above what is captured and not yet refunded', 'api_error_response.rs RefundAmountExceedsPaymentAmount; Commons.js:1349'),
  duplicateRefund: row(400, 'HE_01', 'Duplicate refund request. Refund already attempted with the refund ID', 'a `refund_id` the merchant already has', 'api_error_response.rs DuplicateRefundRequest; Commons.js:1495'),

  // ---- customers, accounts, keys, organizations ------------------------------------------------
  customerExists: row(400, 'IR_12', 'Customer with the given `customer_id` already exists', 'create with a `customer_id` the merchant already has', 'customers_error_response.rs CustomerAlreadyExists'),
  mandateActive: row(400, 'IR_10', 'Customer has active mandate/subsciption', '`DELETE /customers/{id}` of a customer with an active mandate (revoke it first); the message is upstream\'s, spelling included', 'customers_error_response.rs MandateActive; customers.rs delete_customer'),
  customerRedacted: row(400, 'IR_11', 'Customer has already been redacted', 'a deleted (redacted) customer: retrieve, update, delete again, its mandates and saved cards, a payment or saved card naming it', 'api_error_response.rs CustomerRedacted (the customer lookup refuses a redacted customer)'),
  customerListQuery: row(400, 'IR_06', 'Query deserialize error: {detail}', '`GET /customers/list` or `/customers/list_with_count` with a `limit` (u16) or `offset` (u32) that is no such number ("invalid digit found in string", …), or a `list_with_count` `limit` outside 1–100 ("CustomerListLimit cannot be less than 1", "CustomerListLimit exceeds the maximum allowed value of 100")', "actix-web web::Query rejection in upstream's words (it answers them as text/plain, without an envelope); common_types primitive_wrappers.rs CustomerListLimit"),
  customerIdInBody: row(422, 'IR_06', 'customer_id in the body must match the customer in the path', 'an update whose body names another customer', 'sandbox'),
  duplicateMerchant: row(400, 'HE_01', 'The merchant account with the specified details already exists in our records', 'create with a taken `merchant_id`', 'api_error_response.rs DuplicateMerchantAccount'),
  publishableKeyInUse: row(400, 'HE_01', 'The publishable_key is already in use', "a `publishable_key` another merchant has", 'sandbox'),
  merchantIdInBody: row(422, 'IR_06', 'merchant_id in the body must match the account in the path', 'an account update whose body names another account', 'sandbox'),
  expirationInPast: row(422, 'IR_06', 'expiration must be in the future', 'an API key `expiration` in the past', 'sandbox'),
  feeBasisTooLarge: row(422, 'IR_06', '{member} may be at most {max}, so that fees (processor_fee + gateway_fee = total_fee) stay exact integers', 'a payment `amount` or its `net_amount` (amount + shipping, order tax and surcharge: what is captured), or a flat gateway fee (`gateway_fee_config.flat_amount`), above 8,000,000,000,000,000: fees are computed on the amount, and their sum must stay a safe integer whatever the configuration', 'sandbox (answered as api_error_response.rs InvalidRequestData)'),
  gatewayFeeBoth: row(422, 'IR_06', 'gateway_fee_config takes a percentage or a flat_amount, not both', '`gateway_fee_config` with both members (spec: never both)', 'sandbox (spec: gateway fee)'),

  // ---- not found -------------------------------------------------------------------------------
  paymentLinkNotFound: row(404, 'HE_02', 'Payment Link does not exist in our records', 'an unknown payment link, or another merchant\'s (`GET /payment_link/{payment_link_id}`)', 'api_error_response.rs PaymentLinkNotFound'),
  paymentNotFound: row(404, 'HE_02', 'Payment does not exist in our records', 'an unknown payment, or another merchant\'s', 'api_error_response.rs PaymentNotFound'),
  refundNotFound: row(404, 'HE_02', 'Refund does not exist in our records.', 'an unknown refund', 'api_error_response.rs RefundNotFound'),
  customerNotFound: row(404, 'HE_02', 'Customer does not exist in our records', 'an unknown customer', 'api_error_response.rs CustomerNotFound'),
  connectorAccountNotFound: row(404, 'HE_02', 'Merchant connector account does not exist in our records', 'a `merchant_connector_id` the route\'s merchant does not have (`/account/{merchant_id}/connectors/{merchant_connector_id}`; `reason`: "{id} does not exist")', 'api_error_response.rs MerchantConnectorAccountNotFound; core/admin.rs retrieve_connector, update_connector, delete_connector'),
  duplicateConnectorAccount: row(400, 'HE_01', "The merchant connector account with the specified profile_id '{profile_id}' and connector_label '{connector_label}' already exists in our records", 'a connector account created (or relabelled) with the `connector_label` of another account of the same profile', 'api_error_response.rs DuplicateMerchantConnectorAccount; core/admin.rs create_connector, update_connector'),
  connectorAccountDetails: row(400, 'IR_05', 'connector_account_details contains invalid data. Expected format is auth_type and api_key', 'a connector account created without `connector_account_details`, or with details that are not one of upstream\'s `auth_type`s with its keys (`HeaderKey` with `api_key`, `BodyKey` with `api_key` and `key1`, …)', 'api_error_response.rs InvalidDataFormat; core/admin.rs create_domain_model_from_request (ConnectorAuthType)'),
  connectorAccountStatus: row(422, 'IR_06', '{message}', 'a connector account `status: active` with `TemporaryAuth` ("Connector status cannot be active when using TemporaryAuth"), or `disabled: false` while its status is `inactive` ("Connector cannot be enabled when connector_status is inactive or when using TemporaryAuth")', 'api_error_response.rs InvalidRequestData; core/admin.rs ConnectorStatusAndDisabledValidation'),
  configNotFound: row(404, 'HE_02', 'Config key does not exist in our records.', 'a `/configs/{key}` the sandbox has no config for', 'api_error_response.rs ConfigNotFound; core/configs.rs'),
  duplicateConfig: row(400, 'HE_01', 'The config with the specified key already exists in our records', '`POST /configs/` with a key that has a config', 'api_error_response.rs DuplicateConfig; core/configs.rs set_config'),
  collectLinkNotFound: row(404, 'IR_37', 'payment method collect link not found', 'a payment-method collect link\'s page (`GET` or `POST /payment_methods/collect/{merchant_id}/{pm_collect_link_id}`) of a link the merchant does not have', 'api_error_response.rs GenericNotFoundError; core/payment_methods.rs render_pm_collect_link'),
  collectLinkCustomerNotFound: row(422, 'IR_06', 'customer [{customer_id}] not found for merchant [MerchantId("{merchant_id}")]', '`POST /payment_methods/collect` for a customer the merchant does not have (or deleted)', 'api_error_response.rs InvalidRequestData; core/payment_methods/validator.rs validate_request_and_initiate_payment_method_collect_link'),
  duplicateCollectLink: row(400, 'IR_38', 'payment method collect link already exists', '`POST /payment_methods/collect` with a `pm_collect_link_id` that is taken', 'api_error_response.rs GenericDuplicateError; core/payment_methods.rs create_pm_collect_db_entry'),
  ephemeralKeyNotFound: row(404, 'HE_02', 'Ephemeral key does not exist in our records', '`DELETE /ephemeral_keys/{id}` of a key the merchant does not have (unknown, deleted, or another merchant\'s)', 'sandbox (upstream answers 500 for an unknown key and deletes any merchant\'s: core/payments/helpers.rs delete_ephemeral_key)'),
  merchantNotFound: row(404, 'HE_02', 'Merchant account does not exist in our records', 'an unknown merchant account', 'api_error_response.rs MerchantAccountNotFound'),
  demoMerchantKept: row(422, 'IR_06', 'demo_merchant is the sandbox\'s demo merchant and cannot be deleted', '`DELETE /accounts/demo_merchant`: the demo and the seed data pay with it', 'sandbox (answered as api_error_response.rs InvalidRequestData)'),
  mandateNotFound: row(404, 'HE_02', 'Mandate does not exist in our records', 'an unknown mandate, or a customer without any (`GET /customers/{id}/mandates`, as upstream answers an empty list)', 'api_error_response.rs MandateNotFound; mandate.rs get_customer_mandates'),
  paymentMethodNotFound: row(404, 'HE_02', 'Payment method does not exist in our records', 'an unknown saved payment method', 'api_error_response.rs PaymentMethodNotFound'),
  pollNotFound: row(404, 'HE_02', 'Poll does not exist in our records', '`GET /poll/status/{poll_id}` with any id: the sandbox starts no polls (upstream starts one only for external 3-D Secure authentication)', 'api_error_response.rs PollNotFound (its ErrorSwitch wording)'),
  apiKeyNotFound: row(404, 'HE_02', 'API Key does not exist in our records', 'an unknown or revoked API key', 'api_error_response.rs ApiKeyNotFound'),
  organizationNotFound: row(404, 'HE_02', 'Organization does not exist in our records', 'an unknown organization', 'sandbox (as the other HE_02)'),

  // ---- pages and simulators --------------------------------------------------------------------
  notWaitingForMobileMoney: row(400, 'IR_16', 'This payment is not waiting for a mobile-money approval; it has status {status}', 'the mobile-money simulator on a payment that is not waiting', 'sandbox'),

  internal: row(500, 'HE_00', 'Something went wrong', 'anything unexpected (never a stack trace)', 'api_error_response.rs InternalServerError'),
} satisfies Record<string, ErrorRow>;

export type ErrorName = keyof typeof ERROR_TABLE;

/** The message of a row with its `{name}` placeholders filled in. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** The table as Markdown, as docs/sandbox.md carries it. */
export function errorTableMarkdown(): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const lines = ['| condition | status | code | type | message | source |', '|---|---|---|---|---|---|'];
  for (const entry of Object.values(ERROR_TABLE) as ErrorRow[]) {
    const type = entry.typeMember === 'error_type' ? `\`error_type\`: ${entry.type}` : entry.type;
    lines.push(`| ${escape(entry.condition)} | ${entry.status} | ${entry.code} | ${type} | ${escape(entry.message)} | ${escape(entry.source)} |`);
  }
  return lines.join('\n');
}
