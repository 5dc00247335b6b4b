import type { ErrorEnvelope } from '../../src/api/schemas.js';
import { ERROR_TABLE, fillMessage, type ErrorName, type ErrorRow, type ErrorStatus } from './error-table.js';

export type { ErrorStatus } from './error-table.js';

/**
 * A message fit for a log: it may quote what a request carried (a value that broke a parser), so every
 * run of three or more digits, spaces or dashes between them included, becomes `#`, and no card
 * number or CVC is ever written.
 */
export function maskDigitRuns(message: string): string {
  return message.replace(/\d(?:[ -]?\d){2,}/g, '#');
}

/**
 * The wire error envelope `{"error":{"type","message","code"}}` (or `error_type` in place of `type`
 * for JSON deserialisation errors, as upstream): the same schema the client parses (`ErrorEnvelope`
 * in src/api/schemas.ts), narrowed to the members the sandbox sends.
 */
export type ErrorBody = ErrorEnvelope & {
  error: { type?: 'invalid_request' | 'api'; error_type?: 'invalid_request' | 'api'; message: string; code: string; reason?: string };
};

/**
 * An error the API answers with its documented envelope. Thrown by the domain and by routes, turned
 * into an HTTP answer once, in app.ts; the domain knows the status as a number and nothing of HTTP.
 * Every one comes from a row of the error table (error-table.ts).
 */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly type: ErrorRow['type'];
  readonly typeMember: 'type' | 'error_type';

  constructor(
    row: ErrorRow,
    message: string,
    /** Upstream's `reason`: what exactly failed, where the message is fixed. */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = row.status;
    this.code = row.code;
    this.type = row.type;
    this.typeMember = row.typeMember;
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { [this.typeMember]: this.type, message: this.message, code: this.code };
    if (this.reason !== null) error.reason = this.reason;
    return { error };
  }
}

/** The error of a table row, its message's `{name}` placeholders filled from `values`. */
export function apiError(name: ErrorName, values: Record<string, string | number> = {}, reason: string | null = null): ApiError {
  const row: ErrorRow = ERROR_TABLE[name];
  return new ApiError(row, fillMessage(row.message, values), reason);
}

/** Short names for the rows used in many places. */
export const errors = {
  unauthorized: () => apiError('unauthorized'),
  unknownRoute: () => apiError('unknownRoute'),
  methodNotAllowed: () => apiError('methodNotAllowed'),
  missingParam: (field: string) => apiError('missingParam', { field }),
  badJson: (detail: string) => apiError('deserialize', { detail }),
  invalidValue: (field: string, rule: string) => apiError('invalidValue', { field, rule }),
  clientSecretExpired: () => apiError('clientSecretExpired'),
  clientSecretMismatch: () => apiError('clientSecretMismatch'),
  mandateValidation: (reason: string) => apiError('mandateValidation', {}, reason),
  /** A payment method the simulated connector does not pay (create with `confirm`, update, confirm). */
  methodNotPaid: (method: string) => apiError('paymentMethodNotSupported', {}, `payment_method ${method} is not supported by the sandbox's simulated connector`),
  internal: () => apiError('internal'),
};
