// Hardhat 2 configuration for the local development chain (chain id 31337). Only `hardhat node`
// uses it: contracts are compiled with the solc npm package (see chain/compile.ts), never by
// Hardhat, which would try to download a compiler.
module.exports = {
  networks: {
    hardhat: { chainId: 31337, mining: { auto: true } },
  },
};
