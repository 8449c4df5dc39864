/**
 * The flags every headless Chromium of the project runs with (Playwright's e2e tests, the browser benchmarks): no
 * sandbox (root in CI), no GPU, and nothing that talks to the network or updates itself on its own.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
