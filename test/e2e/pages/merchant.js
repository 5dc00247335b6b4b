// The merchant page of the end-to-end tests: everything a merchant writes around the script-tag
// bundle, and nothing inline (the page's CSP forbids inline scripts and styles). It reads its
// configuration from the query string (`mode=inline` puts the form in the element's shadow root
// instead of the isolated frame), writes every tender-* event into #events and counts CSP
// violations in #csp-violations. Events also go to the console, which the tests follow across
// navigations.
const query = new URLSearchParams(location.search);

const violationCount = document.getElementById('csp-violations');
const violationList = document.getElementById('csp-violation-list');
let violations = 0;
document.addEventListener('securitypolicyviolation', (event) => {
  violations += 1;
  violationCount.textContent = String(violations);
  const item = document.createElement('li');
  item.textContent = `${event.effectiveDirective} ${event.blockedURI || '(inline)'} ${event.sourceFile}:${event.lineNumber}`;
  violationList.append(item);
});

const events = document.getElementById('events');
for (const type of ['tender-ready', 'tender-change', 'tender-submit', 'tender-redirect', 'tender-result', 'tender-error']) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.dataset.event = type;
    item.textContent = JSON.stringify(event.detail);
    events.append(item);
    // the console outlives navigations (3-D Secure): the tests read every event from it too
    console.info('tender-event', type, item.textContent);
  });
}

const checkout = document.createElement('tender-checkout');
// after a 3-D Secure round trip the client secret also comes back as payment_intent_client_secret
const clientSecret = query.get('client-secret') ?? query.get('payment_intent_client_secret');
const attributes = {
  'publishable-key': query.get('publishable-key'),
  'client-secret': clientSecret,
  'api-base': query.get('api-base'),
  theme: query.get('theme'),
  locale: query.get('locale'),
  preview: query.get('preview'),
  'three-ds': query.get('three-ds'),
  'return-url': query.get('return-url'),
  // the flows' specs pay with a card alone (a USD payment's `auto` would ask for the postal code): the billing spec asks
  billing: query.get('billing') ?? 'never',
  email: query.get('email') ?? 'never',
  phone: query.get('phone') ?? 'never',
};
for (const [name, value] of Object.entries(attributes)) if (value) checkout.setAttribute(name, value);
if (query.get('mode') === 'inline') checkout.setAttribute('inline', '');
// the page's language (`html-lang`) and a part of the page in another (`around-lang`), for `locale="auto"`
if (query.has('html-lang')) document.documentElement.lang = query.get('html-lang');
const around = document.createElement('div');
if (query.has('around-lang')) around.lang = query.get('around-lang');
around.append(checkout);
document.getElementById('checkout').append(query.has('around-lang') ? around : checkout);
