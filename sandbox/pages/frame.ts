/**
 * The isolated card frame's page (`GET /frame/card`): a document that carries the frame's critical
 * script inline (built by scripts/build-frame.mjs; docs/decisions/0093), so the form paints as soon
 * as the page has arrived, with no second round trip. After it come the files the form needs next (the
 * API client with the protocol's schemas, and the billing fields unless the URL says the form collects
 * none: `?billing=never&email=never&phone=never`), carried in the same response rather than fetched
 * after it (docs/decisions/0100). Each script runs under the page's strict CSP through its sha256 hash
 * (no `unsafe-inline`). The customer's language, when the host put it in the URL (`?locale=`), is
 * fetched in parallel (`modulepreload`): no waterfall.
 */
import { createHash } from 'node:crypto';
import { html, Html } from './html.js';

/** What scripts/build-frame.mjs writes to `manifest.json`: asset paths relative to the frame folder. */
export interface FrameManifest {
  script: string;
  /** The critical script the page carries inline (a file in the frame folder, not under assets/). */
  inline: string;
  preload: string[];
  /** The billing fields' chunk and its imports (older builds: none). */
  billing?: string[];
  /** Of `preload` and `billing`, the files the page carries after its critical script → their carried text's file (older builds: none). */
  carried?: Record<string, string>;
  locales: Record<string, string[]>;
}

/** The CSP source that allows exactly this inline script: `'sha256-<base64>'` of its text as the page carries it. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * The frame page. `prefix` is the URL path the assets are served under (`/frame/`); `inlineScript` the
 * text of `manifest.inline` (it contains no `</script`, `<script` or `<!--`: the build refuses those);
 * `locale` a key of `manifest.locales`, or null; `billing`: the form may show billing fields (their file
 * comes too); `answers`: the payment's page carries the API's answers to the form's first GETs (a JSON
 * data block, which no CSP runs; routes/frame.ts); `carried`: of the files the form needs next, those
 * the page carries (asset path → the text of its carried form, `manifest.carried`), each an inline
 * module script after the critical one; the others are preloaded.
 *
 * Every script is `async`: each runs as soon as it has arrived, while the rest of the page is still on
 * its way. The critical script, first in the body, paints the form; the API client after it reads the
 * page's answers while the billing fields' file is still arriving (a module without `async` would wait
 * for the whole document to be parsed). The critical script's loader takes each carried file from the
 * registry whichever order they run in (scripts/build-frame.mjs, `CARRIED_LOADER`).
 */
export function framePage(
  manifest: FrameManifest,
  prefix: string,
  inlineScript: string,
  locale: string | null,
  billing = false,
  answers: Record<string, unknown> | null = null,
  carried: Readonly<Record<string, string>> = {},
): Html {
  const next = [...new Set([...manifest.preload, ...(billing ? (manifest.billing ?? []) : [])])];
  const carry = next.filter((file) => Object.hasOwn(carried, file));
  const preload = [...new Set([...next.filter((file) => !carry.includes(file)), ...(locale ? (manifest.locales[locale] ?? []) : [])])];
  return html`<!doctype html>
<html lang="${locale ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card payment form</title>
${preload.map((file) => html`<link rel="modulepreload" href="${prefix + file}">\n`)}${answers ? html`<script type="application/json" id="tender-answers">${new Html(scriptJson(answers))}</script>\n` : ''}${carry.length > 0 ? html`<script type="application/json" id="tender-carried">${new Html(scriptJson(carry.map((file) => `./${file}`)))}</script>\n` : ''}</head>
<body><script type="module" async>${new Html(inlineScript)}</script>
${carry.map((file) => html`<script type="module" async>${new Html(carried[file] ?? '')}</script>\n`)}</body>
</html>
`;
}

/**
 * The frame page's headers: its own strict policy (scripts from its own origin, and the inline
 * scripts whose hashes `inlineHash` lists, space-separated), and the frames that may hold it (the merchant's allowed origins;
 * any when none).
 */
export function framePageHeaders(frameAncestors: readonly string[], inlineHash: string): [string, string][] {
  return [
    [
      'content-security-policy',
      [
        "default-src 'none'",
        `script-src 'self' ${inlineHash}`,
        "style-src 'self'",
        "connect-src 'self'",
        // web fonts of `appearance.fonts` (https only, validated by the appearance compiler; never built from what is typed)
        "font-src 'self' https:",
        "img-src 'self'",
        "form-action 'none'",
        "base-uri 'none'",
        `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : '*'}`,
      ].join('; '),
    ],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    // the page carries the current build's script: always revalidated (its ETag answers 304 while the build and the
    // merchant's origins are the same); the files it names are immutable
    ['cache-control', 'no-cache'],
  ];
}

/**
 * JSON to carry inside a `<script>` element's text: every `<` escaped (`\u003c`), so no value (a
 * merchant's description, a customer's name) can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
