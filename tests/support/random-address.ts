// A fresh random address whose EIP-55 form mixes capitals. A destination field reads an address
// whose letters are all one case as carrying no checksum and asks for its end to be re-typed; a
// random address comes out that way now and then (its letters' case bits all alike: about one in
// a thousand), so a test that means "a checksummed address" draws until it has one.
import { Wallet } from 'ethers';

export function randomChecksummedAddress(): string {
  for (;;) {
    const { address } = Wallet.createRandom();
    const body = address.slice(2);
    if (body !== body.toLowerCase() && body !== body.toUpperCase()) return address;
  }
}
