import { Wallet } from 'ethers';
import { recoverTypedDataAddress } from 'viem';
import { recoverAuthorizationAddress } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import {
  AccountNotDelegatableError,
  buildCallBatch,
  DelegateCodeMismatchError,
  DelegateNotPinnedError,
  NoPinnedDelegateError,
  ownBatchTransaction,
  parseCalls,
  prepareUpgrade,
  signBatch,
  signUpgrade,
  type Upgrade,
  userOperationTypedData,
  WrongSignerError,
} from '../src/index.ts';
import { CHAIN_ID, DELEGATE_CODE, PINNED, scriptedChain, TABLE } from './support.ts';

const listener = Wallet.createRandom();
const account = listener.address as `0x${string}`;
const OTHER_CONTRACT = '0x000000000000000000000000000000000000c0de';
const calls = parseCalls([{ to: PINNED.entryPoint, data: '0x1234' }]);
const GAS = { callGasLimit: 1n, verificationGasLimit: 1n, preVerificationGas: 1n };

/** A chain where `account` holds `accountCode` and the delegate's address holds `delegateCode`. */
function chain(accountCode = '0x', delegateCode = DELEGATE_CODE, nonce = '0x4') {
  return scriptedChain({
    eth_getCode: ([address]) =>
      String(address).toLowerCase() === PINNED.address.toLowerCase() ? delegateCode : accountCode,
    eth_getTransactionCount: () => nonce,
  });
}

describe('the one-time upgrade (EIP-7702 authorization)', () => {
  it('is built for the pinned delegate, at the account’s next nonce, once the chain shows the pinned code', async () => {
    const { rpc } = chain();
    expect(
      await prepareUpgrade({ rpc, table: TABLE, chainId: CHAIN_ID, account, sentBy: 'sponsor' }),
    ).toEqual({
      chainId: CHAIN_ID,
      account,
      delegate: PINNED.address,
      nonce: 4,
      replaces: null,
    });
    // Sent by the account itself, its transaction spends nonce 4 first.
    const own = await prepareUpgrade({
      rpc,
      table: TABLE,
      chainId: CHAIN_ID,
      account,
      sentBy: 'account',
    });
    expect(own?.nonce).toBe(5);
  });

  it('is not needed when the account already runs the delegate', async () => {
    const { rpc } = chain(`0xef0100${PINNED.address.slice(2).toLowerCase()}`);
    expect(
      await prepareUpgrade({ rpc, table: TABLE, chainId: CHAIN_ID, account, sentBy: 'sponsor' }),
    ).toBeNull();
  });

  it('names the contract it replaces when the account runs another one', async () => {
    const { rpc } = chain(`0xef0100${OTHER_CONTRACT.slice(2)}`);
    const upgrade = await prepareUpgrade({
      rpc,
      table: TABLE,
      chainId: CHAIN_ID,
      account,
      sentBy: 'sponsor',
    });
    expect(upgrade?.replaces?.toLowerCase()).toBe(OTHER_CONTRACT);
    expect(upgrade?.delegate).toBe(PINNED.address);
  });

  it('attack: a chain (or a stale table) with other code, or none, at the pinned address gets no authorization', async () => {
    for (const code of ['0x', '0x60806040cafe']) {
      const { rpc } = chain('0x', code);
      await expect(
        prepareUpgrade({ rpc, table: TABLE, chainId: CHAIN_ID, account, sentBy: 'sponsor' }),
      ).rejects.toThrow(DelegateCodeMismatchError);
    }
  });

  it('refuses a chain without a pinned delegate, and an address that holds contract code', async () => {
    await expect(
      prepareUpgrade({ rpc: chain().rpc, table: TABLE, chainId: 1, account, sentBy: 'sponsor' }),
    ).rejects.toThrow(NoPinnedDelegateError);
    await expect(
      prepareUpgrade({
        rpc: chain('0x6080').rpc,
        table: TABLE,
        chainId: CHAIN_ID,
        account,
        sentBy: 'sponsor',
      }),
    ).rejects.toThrow(AccountNotDelegatableError);
  });

  const upgrade: Upgrade = {
    chainId: CHAIN_ID,
    account,
    delegate: PINNED.address,
    nonce: 4,
    replaces: null,
  };

  it('is signed for its chain (never chain 0) and the pinned address, by the account’s key', async () => {
    const signed = signUpgrade(listener, TABLE, upgrade);
    expect(signed).toMatchObject({ chainId: '0x7a69', address: PINNED.address, nonce: '0x4' });
    const signer = await recoverAuthorizationAddress({
      authorization: {
        address: signed.address,
        chainId: Number(signed.chainId),
        nonce: Number(signed.nonce),
        r: signed.r,
        s: signed.s,
        yParity: Number(signed.yParity),
      },
    });
    expect(signer).toBe(account);
  });

  it('attack: an upgrade object naming another contract or chain is refused, however it was made', () => {
    expect(() => signUpgrade(listener, TABLE, { ...upgrade, delegate: OTHER_CONTRACT })).toThrow(
      DelegateNotPinnedError,
    );
    expect(() => signUpgrade(listener, TABLE, { ...upgrade, chainId: 1 })).toThrow(
      NoPinnedDelegateError,
    );
    expect(() => signUpgrade(listener, TABLE, { ...upgrade, chainId: 0 })).toThrow(
      NoPinnedDelegateError,
    );
    expect(() => signUpgrade(Wallet.createRandom(), TABLE, upgrade)).toThrow(WrongSignerError);
  });
});

describe('signing a batch', () => {
  const batch = buildCallBatch({
    table: TABLE,
    chainId: CHAIN_ID,
    account,
    calls,
    deadline: 1_900_000_000,
    sequence: 0n,
    gas: GAS,
  });

  it('signs the typed data the window derives from the batch, recoverable to the account', async () => {
    const signature = await signBatch(listener, TABLE, batch);
    const typed = userOperationTypedData(batch);
    const recovered = await recoverTypedDataAddress({
      domain: typed.domain,
      types: { PackedUserOperation: [...typed.types.PackedUserOperation] },
      primaryType: typed.primaryType,
      message: typed.message,
      signature,
    });
    expect(recovered).toBe(account);
  });

  it('attack: a batch for another delegate or EntryPoint, or for another account, is not signed', async () => {
    await expect(
      signBatch(listener, TABLE, { ...batch, delegate: OTHER_CONTRACT }),
    ).rejects.toThrow(DelegateNotPinnedError);
    await expect(
      signBatch(listener, TABLE, { ...batch, entryPoint: OTHER_CONTRACT }),
    ).rejects.toThrow(DelegateNotPinnedError);
    await expect(signBatch(Wallet.createRandom(), TABLE, batch)).rejects.toThrow(WrongSignerError);
  });
});

describe('a batch the listener pays for', () => {
  it('is one transaction to the account itself, carrying the upgrade when one is needed', () => {
    const plain = ownBatchTransaction({
      table: TABLE,
      chainId: CHAIN_ID,
      account,
      calls,
      upgrade: null,
    });
    expect(plain).toMatchObject({ type: 2, to: account, from: account, value: 0n });
    const signed = signUpgrade(listener, TABLE, {
      chainId: CHAIN_ID,
      account,
      delegate: PINNED.address,
      nonce: 5,
      replaces: null,
    });
    const withUpgrade = ownBatchTransaction({
      table: TABLE,
      chainId: CHAIN_ID,
      account,
      calls,
      upgrade: signed,
    });
    expect(withUpgrade).toMatchObject({ type: 4, authorizationList: [signed], data: plain.data });
    expect(() =>
      ownBatchTransaction({
        table: TABLE,
        chainId: CHAIN_ID,
        account,
        calls,
        upgrade: { ...signed, address: OTHER_CONTRACT },
      }),
    ).toThrow(DelegateNotPinnedError);
  });
});
