// `npm run bench:calls`: what sponsored calls cost on the local chain (Prague rules), in gas, which
// does not depend on the machine's load. One batch of two calls (favorite + follow) sent four
// ways, each by a fresh listener:
//   - sponsored, first batch: handleOps([op]) carrying the listener's EIP-7702 authorization;
//   - sponsored, later batch: the listener already runs the delegate;
//   - the listener's own transaction to itself through the delegate (ERC-7821 execute);
//   - the same two calls as two plain transactions (no delegate at all).
// And the delegate's runtime size against @account-abstraction's Simple7702Account, the other
// audited candidate (compiled the same way; its `executeBatch` from the account itself, the one
// path that runs without the canonical EntryPoint address).

import {
  encodeExecute,
  encodeHandleOps,
  packUserOperation,
  parseCalls,
  prepareUpgrade,
  signBatch,
  signUpgrade,
  toEthersAuthorization,
  toQuantity,
} from '@encore-wallet/calls';
import { Interface, JsonRpcProvider, keccak256, Wallet } from 'ethers';
import {
  compilePackageContract,
  deployContract,
  LOCAL_FUNDED_KEY,
  LOCAL_SPONSOR_KEY,
} from '../chain/index.ts';
import {
  batchFor,
  fanCall,
  rawRpc,
  startSponsoredChain,
  upgradeOf,
} from '../tests/support/sponsored-chain.ts';
import { benchReport } from './internal/report.ts';

const sc = await startSponsoredChain();
const provider = new JsonRpcProvider(sc.chain.url, undefined, {
  staticNetwork: true,
  cacheTimeout: -1,
});
try {
  const sponsor = new Wallet(LOCAL_SPONSOR_KEY, provider);
  const rawCalls = (n: number) => [
    fanCall(sc, 'favorite', `track-${n}`),
    fanCall(sc, 'follow', `artist-${n}`),
  ];
  const calls = (n: number) => parseCalls(rawCalls(n));

  async function sponsored(listener: Wallet, n: number): Promise<bigint> {
    const batch = await batchFor(sc, listener, rawCalls(n));
    const authorization = await upgradeOf(sc, listener);
    const op = packUserOperation(batch, await signBatch(listener, sc.table, batch));
    const tx = await sponsor.sendTransaction({
      type: authorization ? 4 : 2,
      to: sc.contracts.entryPoint,
      data: encodeHandleOps(op, sponsor.address as `0x${string}`),
      gasLimit: 1_000_000n,
      ...(authorization ? { authorizationList: [toEthersAuthorization(authorization)] } : {}),
    });
    return (await tx.wait())?.gasUsed ?? 0n;
  }

  const funded = async (): Promise<Wallet> => {
    const wallet = new Wallet(Wallet.createRandom().privateKey, provider);
    await rawRpc(sc.chain.url, 'hardhat_setBalance', [wallet.address, toQuantity(10n ** 18n)]);
    return wallet;
  };

  const first = new Wallet(Wallet.createRandom().privateKey, provider);
  const withUpgrade = await sponsored(first, 1);
  const later = await sponsored(first, 2);

  const own = await funded();
  const ownUpgrade = await prepareUpgrade({
    rpc: sc.rpc,
    table: sc.table,
    chainId: sc.chain.chainId,
    account: own.address as `0x${string}`,
    sentBy: 'account',
  });
  const ownFirst = await (
    await own.sendTransaction({
      type: 4,
      to: own.address,
      data: encodeExecute(calls(3)),
      authorizationList: [toEthersAuthorization(signUpgrade(own, sc.table, ownUpgrade!))],
    })
  ).wait();
  const ownLater = await (
    await own.sendTransaction({ type: 2, to: own.address, data: encodeExecute(calls(4)) })
  ).wait();

  const plain = await funded();
  let plainGas = 0n;
  for (const call of calls(5)) {
    plainGas +=
      (await (await plain.sendTransaction({ to: call.to, data: call.data })).wait())?.gasUsed ?? 0n;
  }

  const simple = await compilePackageContract(
    '@account-abstraction/contracts/accounts/Simple7702Account.sol',
    'Simple7702Account',
  );
  const simpleAddress = await deployContract(sc.chain.url, LOCAL_FUNDED_KEY, simple);
  const simpleCode = await provider.getCode(simpleAddress);
  const encoreCode = await provider.getCode(sc.contracts.delegate);
  const viaSimple = await funded();
  const auth = await viaSimple.authorize({
    address: simpleAddress,
    nonce: 1,
    chainId: sc.chain.chainId,
  });
  const simpleAbi = new Interface([
    'function executeBatch(tuple(address target, uint256 value, bytes data)[] calls)',
  ]);
  const simpleFirst = await (
    await viaSimple.sendTransaction({
      type: 4,
      to: viaSimple.address,
      data: simpleAbi.encodeFunctionData('executeBatch', [
        calls(6).map((c) => [c.to, c.value, c.data]),
      ]),
      authorizationList: [auth],
    })
  ).wait();
  const simpleLater = await (
    await viaSimple.sendTransaction({
      type: 2,
      to: viaSimple.address,
      data: simpleAbi.encodeFunctionData('executeBatch', [
        calls(7).map((c) => [c.to, c.value, c.data]),
      ]),
    })
  ).wait();

  const report = benchReport('calls');
  const row = (what: string, value: bigint | number) => {
    console.log(`${what.padEnd(70)} ${value.toLocaleString('en')}`);
    report.row(what, value.toLocaleString('en'));
  };
  console.log('Gas of one batch of two calls (favorite + follow) on the local chain:');
  row('sponsored, first batch (handleOps + the upgrade), paid by the sponsor', withUpgrade);
  row('sponsored, later batch, paid by the sponsor', later);
  row('own funds, first batch (type 4 to itself + its upgrade)', ownFirst?.gasUsed ?? 0n);
  row('own funds, later batch (ERC-7821 execute from itself)', ownLater?.gasUsed ?? 0n);
  row('the same calls as two plain transactions', plainGas);
  row(
    'Simple7702Account, own funds, first batch (executeBatch + upgrade)',
    simpleFirst?.gasUsed ?? 0n,
  );
  row('Simple7702Account, own funds, later batch', simpleLater?.gasUsed ?? 0n);
  console.log('Runtime code (bytes):');
  row(
    `EncoreAccount (code hash ${keccak256(encoreCode).slice(0, 10)}…)`,
    (encoreCode.length - 2) / 2,
  );
  row('Simple7702Account', (simpleCode.length - 2) / 2);
  report.finish();
} finally {
  provider.destroy();
  await sc.chain.stop();
}
