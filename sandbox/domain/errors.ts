import type { ErrorEnvelope } from '../../src/api/schemas.js';

/** HTTP statuses the API answers errors with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 501 | 503;

/**
 * The wire error envelope `{"error":{"type","message","code"}}`: the same schema the client parses
 * (`ErrorEnvelope` in src/api/schemas.ts), narrowed to the members the sandbox always sends.
 */
export type ErrorBody = ErrorEnvelope & { error: { type: 'invalid_request' | 'api'; message: string; code: string } };

/**
 * An error the API answers with its documented envelope. Thrown by the domain and by routes, turned
 * into an HTTP answer once, in app.ts; the domain knows the status as a number and nothing of HTTP.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
    readonly type: 'invalid_request' | 'api' = status >= 500 ? 'api' : 'invalid_request',
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return { error: { type: this.type, message: this.message, code: this.code } };
  }
}

/** The errors with fixed wording, one factory each so every route says the same thing. */
export const errors = {
  unauthorized: () => new ApiError(401, 'IR_01', 'API key not provided or invalid API key used'),
  unknownRoute: () => new ApiError(404, 'IR_02', 'Unrecognized request URL'),
  methodNotAllowed: () => new ApiError(405, 'IR_03', 'The HTTP method is not applicable for this API'),
  missingParam: (field: string) => new ApiError(400, 'IR_04', `Missing required param: ${field}`),
  invalidRequest: (message: string, status: ErrorStatus = 422) => new ApiError(status, 'IR_06', message),
  invalidValue: (field: string, detail: string) => new ApiError(400, 'IR_07', `Invalid value provided: ${field} (${detail})`),
  badJson: (detail: string) => new ApiError(400, 'IR_06', `Json deserialize error: ${detail}`),
  clientSecretExpired: () => new ApiError(400, 'IR_08', 'The provided client_secret has expired'),
  clientSecretMismatch: () =>
    new ApiError(400, 'IR_09', 'The client_secret provided does not match the client_secret associated with the Payment'),
  /** A client-side caller (publishable key) asked for something only the merchant may do (upstream's GenericUnauthorized). */
  forbiddenForClient: (message: string) => new ApiError(401, 'IR_18', message),
  wrongState: (message: string) => new ApiError(400, 'IR_16', message),
  wrongStateFor: (flow: string, status: string, expected: string) =>
    new ApiError(
      400,
      'IR_14',
      `This Payment could not be ${flow} because it has a status of ${status}. The expected state is ${expected}`,
    ),
  duplicate: (message: string) => new ApiError(400, 'HE_01', message),
  notFound: (what: string) => new ApiError(404, 'HE_02', `${what} does not exist in our records`),
  internal: () => new ApiError(500, 'HE_00', 'Something went wrong', 'api'),
};
