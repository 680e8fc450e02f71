// A page that uses the wallet only through ethers v6's BrowserProvider, to show (and test) that
// Encore works with it unchanged. Exposes a few calls on window for the browser tests.
import { BrowserProvider, type TypedDataDomain, type TypedDataField } from 'ethers';
import { type AnnouncedWallet, discoverWallets } from './eip1193.ts';

let encore: AnnouncedWallet | null = null;
discoverWallets((wallet) => {
  if (wallet.info.rdns === 'app.encore.wallet') encore = wallet;
});

function browserProvider(): BrowserProvider {
  if (!encore) throw new Error('Encore did not announce itself');
  return new BrowserProvider(encore.provider);
}

const api = {
  async connect(): Promise<string> {
    const signer = await browserProvider().getSigner();
    return signer.getAddress();
  },
  async chainId(): Promise<string> {
    return (await browserProvider().getNetwork()).chainId.toString();
  },
  async signMessage(text: string): Promise<string> {
    return (await browserProvider().getSigner()).signMessage(text);
  },
  async signTypedData(
    domain: TypedDataDomain,
    types: Record<string, TypedDataField[]>,
    value: Record<string, unknown>,
  ): Promise<string> {
    return (await browserProvider().getSigner()).signTypedData(domain, types, value);
  },
  /** ethers' error code (e.g. ACTION_REJECTED) and the wallet's EIP-1193 code underneath. */
  async attempt(name: 'connect' | 'signMessage', ...args: string[]): Promise<unknown> {
    try {
      return {
        ok: true,
        value: await (api[name] as (...a: string[]) => Promise<unknown>)(...args),
      };
    } catch (error) {
      const e = error as { code?: unknown; info?: { error?: { code?: unknown } } };
      return { ok: false, code: e.code, walletCode: e.info?.error?.code };
    }
  },
};

(window as unknown as { encoreEthers: typeof api }).encoreEthers = api;
document.body.dataset.ready = 'true';
