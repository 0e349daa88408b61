// Debian's chromium, as every browser run uses it (browser journeys, benchmarks, screenshots): one path and
// one set of flags. Without the background-networking flags chromium keeps dialling Google's hosts, which
// this machine's closed network refuses.

/** `CHROMIUM_PATH` (or Lighthouse's `CHROME_PATH`), else Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
