/**
 * How every test and benchmark launches Chromium: Debian's own binary (never a downloaded one;
 * `CHROME_PATH` points elsewhere), with the flags a closed, root-run container needs.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox', // root in a container
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking', // the network is closed: no background calls
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
