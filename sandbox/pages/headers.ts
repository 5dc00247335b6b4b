/**
 * The headers of every HTML page the sandbox serves (3-D Secure, mobile-money simulator, error
 * pages): a strict Content-Security-Policy (scripts and styles only from the sandbox's own files,
 * no inline code), `nosniff`, no referrer (a link token never leaks onward), no caching (pages
 * carry single-use tokens), and frame ancestors limited to the merchant's allowed origins.
 */
export interface PagePolicy {
  /** The merchant's `allowed_origins`; any origin may frame the page when it lists none. */
  frameAncestors: readonly string[];
  /** Origins the page's forms (or the redirect after them) may go to, besides the sandbox itself. */
  formTargets?: readonly (string | null)[];
}

export function contentSecurityPolicy({ frameAncestors, formTargets = [] }: PagePolicy): string {
  const forms = [...new Set(["'self'", ...formTargets.filter((origin): origin is string => origin !== null)])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${forms.join(' ')}`,
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : '*'}`,
    "base-uri 'none'",
  ].join('; ');
}

export function pageHeaders(policy: PagePolicy): [string, string][] {
  return [
    ['content-security-policy', contentSecurityPolicy(policy)],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['cache-control', 'no-store'],
  ];
}
