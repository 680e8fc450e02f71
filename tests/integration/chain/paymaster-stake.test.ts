// EncorePaymaster's money at the EntryPoint, against a stranger: only its owner withdraws the
// deposit, replaces the signer, or stakes, unlocks and withdraws the stake (whoever adds stake
// sets the unstake delay, which only grows, so a stranger's stake could lock the owner's for
// years). The owner stakes it as ERC-7562's public mempools want, and gets the stake back after
// the delay.
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileContract,
  deploySponsorPaymaster,
  jsonRpc,
  LOCAL_FUNDED_KEY,
  LOCAL_RELAYER_KEY,
  LOCAL_SPONSOR_KEY,
  type SponsorPaymaster,
} from '../../../chain/index.ts';
import { type SponsoredChain, startSponsoredChain } from '../../support/sponsored-chain.ts';

const entryPointAbi = [
  'function getDepositInfo(address account) view returns (tuple(uint256 deposit, bool staked, uint112 stake, uint32 unstakeDelaySec, uint48 withdrawTime))',
  'function balanceOf(address account) view returns (uint256)',
];

let sc: SponsoredChain;
let provider: JsonRpcProvider;
let paymaster: SponsorPaymaster;
let asOwner: Contract;
let asStranger: Contract;
let entryPoint: Contract;
const owner = new Wallet(LOCAL_FUNDED_KEY);
// Hardhat's second account: funded, public, and nothing to this paymaster.
const stranger = new Wallet(LOCAL_RELAYER_KEY);

beforeAll(async () => {
  sc = await startSponsoredChain();
  provider = new JsonRpcProvider(sc.chain.url, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  paymaster = await deploySponsorPaymaster(sc.chain.url, LOCAL_FUNDED_KEY, {
    entryPoint: sc.contracts.entryPoint,
    signer: new Wallet(LOCAL_SPONSOR_KEY).address as `0x${string}`,
  });
  const { abi } = await compileContract('EncorePaymaster');
  asOwner = new Contract(paymaster.address, abi as never[], owner.connect(provider));
  asStranger = new Contract(paymaster.address, abi as never[], stranger.connect(provider));
  entryPoint = new Contract(sc.contracts.entryPoint, entryPointAbi, provider);
}, 120_000);

afterAll(async () => {
  provider?.destroy();
  await sc?.chain.stop();
});

/** The custom error (or the reason string) a call would revert with, or null when it would not. */
async function revertName(call: Promise<unknown>): Promise<string | null> {
  try {
    await call;
    return null;
  } catch (error) {
    const revert = (error as { revert?: { name?: string; args?: unknown[] } }).revert;
    if (revert?.name === 'Error') return String(revert.args?.[0]);
    return revert?.name ?? (error as Error).message;
  }
}

describe("EncorePaymaster's deposit and stake", () => {
  it('attack: a stranger cannot withdraw the deposit, replace the signer, or stake, unlock or withdraw the stake', async () => {
    const to = stranger.address;
    const tries: [string, Promise<unknown>][] = [
      ['withdraw', asStranger.getFunction('withdraw').staticCall(to, 1n)],
      ['setSigner', asStranger.getFunction('setSigner').staticCall(to)],
      ['addStake', asStranger.getFunction('addStake').staticCall(4_000_000_000, { value: 1n })],
      ['unlockStake', asStranger.getFunction('unlockStake').staticCall()],
      ['withdrawStake', asStranger.getFunction('withdrawStake').staticCall(to)],
    ];
    for (const [name, call] of tries) {
      expect([name, await revertName(call)]).toEqual([name, 'OwnableUnauthorizedAccount']);
    }
    const info = await entryPoint.getFunction('getDepositInfo')(paymaster.address);
    expect(info.staked).toBe(false);
    expect(info.deposit).toBe(paymaster.deposit);
  });

  it('the owner stakes it, unlocks the stake and gets it back once the delay has passed', async () => {
    const stake = 10n ** 18n;
    await (await asOwner.getFunction('addStake')(86_400, { value: stake })).wait();
    let info = await entryPoint.getFunction('getDepositInfo')(paymaster.address);
    expect([info.staked, info.stake, info.unstakeDelaySec]).toEqual([true, stake, 86_400n]);
    // The deposit the paymaster pays from is apart from the stake.
    expect(info.deposit).toBe(paymaster.deposit);

    await (await asOwner.getFunction('unlockStake')()).wait();
    const keeper = Wallet.createRandom().address;
    expect(await revertName(asOwner.getFunction('withdrawStake').staticCall(keeper))).toMatch(
      /Stake withdrawal is not due/,
    );
    await jsonRpc(sc.chain.url, 'evm_increaseTime', [86_401]);
    await jsonRpc(sc.chain.url, 'evm_mine', []);
    await (await asOwner.getFunction('withdrawStake')(keeper)).wait();
    expect(await provider.getBalance(keeper)).toBe(stake);
    info = await entryPoint.getFunction('getDepositInfo')(paymaster.address);
    expect([info.staked, info.stake]).toEqual([false, 0n]);
  });
});
