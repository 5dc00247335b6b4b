import type { Context } from 'hono';
import { returnOrigin } from '../domain/challenge.js';
import type { MerchantAccount } from '../domain/types.js';
import { pageHeaders } from '../pages/headers.js';

/**
 * The security headers of a customer page of `merchant` (pages/headers.ts): framed only by its
 * allowed origins, its forms (and the redirect after them) going only to the sandbox and the origin
 * of `returnUrl`; and no CORS, so no site may read the page.
 */
export function securePage(c: Context, merchant: MerchantAccount | null, returnUrl: string | null): void {
  for (const [name, value] of pageHeaders({ frameAncestors: merchant?.allowed_origins ?? [], formTargets: [returnOrigin(returnUrl)] })) c.header(name, value);
  c.header('access-control-allow-origin', undefined);
}
