/**
 * An email address as the payment API takes one: upstream's `validate_email`
 * (`crates/common_utils/src/validation.rs`), its regex case-insensitive. The billing form checks what
 * a shopper types with it, so the API never refuses an address the form let through; the sandbox
 * checks every email it is sent with it.
 */
export const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
