// Hardhat 2 configuration for the local development chain (chain id 31337). Only `hardhat node`
// uses it: contracts are compiled with the solc npm package (see chain/compile.ts), never by
// Hardhat, which would try to download a compiler. The Prague rules (the hardfork public chains
// run) bring EIP-7702: an address can delegate to a contract's code, which sponsored calls use.
// A transaction that reverts is mined and answered with its hash, as on a public chain (Hardhat
// would otherwise answer eth_sendRawTransaction with an error), so senders learn of a revert from
// the receipt, where they must look for it anyway.
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      hardfork: 'prague',
      mining: { auto: true },
      throwOnTransactionFailures: false,
    },
  },
};
