// "Answer sites that only look for MetaMask": some pages offer a wallet only when
// `window.ethereum.isMetaMask` is true. When the person turns the setting on, the worker registers
// a second MAIN-world script (entrypoints/metamask-flag.content.ts) that calls this after the
// provider is installed; with it off, that script is not registered and nothing here runs.

/** Marks Encore's provider as answering to MetaMask checks; leaves another wallet's alone. */
export function answerAsMetaMask(win: Window & { ethereum?: unknown }): boolean {
  const provider = win.ethereum as { isEncore?: unknown; isMetaMask?: unknown } | undefined;
  if (typeof provider !== 'object' || provider === null || provider.isEncore !== true) return false;
  provider.isMetaMask = true;
  return true;
}
