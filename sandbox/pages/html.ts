/** Minimal, accessible HTML for the sandbox's customer-facing pages. Everything interpolated is escaped. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** A tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const part = Array.isArray(value) ? value.map((v) => (v instanceof Html ? v.value : escapeHtml(String(v)))).join('') : value instanceof Html ? value.value : escapeHtml(String(value ?? ''));
    out += part + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** The pages' stylesheet, served as /sandbox/assets/pages.css: the pages allow no inline style. */
export const PAGES_CSS = `body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; background: #f4f5f7; color: #1a1a1a; }
main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 8px; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
h1 { font-size: 1.25rem; margin-top: 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
dt { color: #555; }
dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
form { display: inline; }
button { font: inherit; padding: .6rem 1.2rem; margin: .5rem .5rem 0 0; border-radius: 6px; border: 1px solid #1a1a1a; background: #fff; cursor: pointer; min-height: 44px; }
button.primary { background: #0b57d0; color: #fff; border-color: #0b57d0; }
button:focus-visible, a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.note { color: #555; font-size: .9rem; }
`;

export const PAGES_CSS_PATH = '/sandbox/assets/pages.css';
export const PAGES_JS_PATH = '/sandbox/assets/pages.js';

export interface PageOptions {
  /** Load the pages' script (the challenge's end, the post-back form); no page has inline script. */
  script?: boolean;
  /** Attributes of `<main>` (already escaped), for the script to read. */
  mainAttributes?: Html;
}

export function page(title: string, body: Html, { script = false, mainAttributes }: PageOptions = {}): string {
  const scriptTag = script ? `<script src="${PAGES_JS_PATH}" defer></script>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${PAGES_CSS_PATH}">${scriptTag}</head>
<body><main${mainAttributes ? ` ${mainAttributes.value}` : ''}>${body.value}</main></body></html>`;
}
