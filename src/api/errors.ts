/**
 * The headless client's typed error values. Every client call resolves to a result; anything that
 * went wrong is one of these, never an exception. Messages are fixed texts or the server's own
 * message: they never carry card data, and never the underlying exception's text (which can hold
 * URLs with a client secret).
 */

/**
 * What kind of thing went wrong:
 * - `network`: `fetch` rejected (offline, DNS, connection reset, CORS refusal).
 * - `timeout`: no complete answer within the request's time limit.
 * - `api`: the server answered with its error envelope; `code` and `message` are the server's
 *   (`IR_01`, `IR_08`, `IR_16`, `HE_02`, …).
 * - `invalid_response`: a body that is not JSON, or that does not match the schema, or a non-2xx
 *   answer below 500 without the envelope, or an answer about another payment.
 * - `server`: a 5xx or 429 answer without a parseable envelope.
 * - `configuration`: the client was given something unusable (publishable key, base URL, client
 *   secret, return URL, mismatched return parameters); no request was sent.
 */
export type ClientErrorType = 'network' | 'timeout' | 'api' | 'invalid_response' | 'server' | 'configuration';

/**
 * An error value. `code` is the server's code for `api` errors; otherwise one of
 * {@link ClientErrorCode}.
 */
export interface ClientError {
  type: ClientErrorType;
  code: string;
  /** A developer-facing explanation (English). Never contains card data. */
  message: string;
  /** HTTP status, when there was an HTTP answer. */
  status?: number;
  /** The envelope's own `type` (or `error_type`), e.g. `invalid_request`, for `api` errors. */
  apiErrorType?: string;
  /**
   * Only on a failed confirm that may have reached the server (`network`, `timeout`, `server` and
   * 5xx `api` errors): `true` when the client could not find out what happened to the payment
   * (the reconciling retrieve failed too), `false` when it checked and the confirm was not applied.
   */
  outcomeUnknown?: boolean;
}

/** The `code`s the client itself produces (an `api` error carries the server's code instead). */
export type ClientErrorCode =
  | 'network_error'
  | 'timeout'
  | 'invalid_json'
  | 'unexpected_response'
  | 'unexpected_status'
  | 'payment_mismatch'
  | 'server_error'
  | 'rate_limited'
  | 'invalid_publishable_key'
  | 'invalid_base_url'
  | 'invalid_client_secret'
  | 'invalid_return_url'
  | 'payment_id_mismatch'
  | 'invalid_argument'
  | 'fetch_unavailable';

/** Builds an error value; `status` is left out when unknown so results serialise cleanly. */
export function clientError(type: ClientErrorType, code: string, message: string, status?: number): ClientError {
  return status === undefined ? { type, code, message } : { type, code, message, status };
}

/** A `configuration` error: the input is unusable and nothing was sent. */
export const configurationError = (code: ClientErrorCode, message: string): ClientError =>
  clientError('configuration', code, message);

/**
 * Removes card data from a text before it goes into an error value: every run of 12–19 digits
 * (optionally grouped by spaces or dashes) and, when given, the exact values in `secrets`
 * (the CVC, matched as a whole number).
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let safe = text.replace(/\d(?:[ -]?\d){11,18}/g, '[redacted]');
  for (const secret of secrets) {
    const digits = secret.replace(/\D/g, '');
    if (digits) safe = safe.replace(new RegExp(`(?<!\\d)${digits}(?!\\d)`, 'g'), '[redacted]');
  }
  return safe;
}
