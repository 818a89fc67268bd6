// Debian's Chromium, never a downloaded browser; the flags keep it off the network it must not reach
// (background updates, component downloads, sync). Shared by the browser tests and the benchmarks.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
