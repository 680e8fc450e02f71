// Wiring only: the wallet service, message router and RPC live under lib/extension.
export default defineBackground(() => {
  // Filled in by the extension issue.
});
