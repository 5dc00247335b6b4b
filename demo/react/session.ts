/** What the merchant's server hands the page: never the secret key, only the payment's client secret. */
export interface CheckoutSession {
  publishableKey: string;
  clientSecret: string;
  apiBase: string;
}
