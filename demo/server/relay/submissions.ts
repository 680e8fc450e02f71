// One favorite is one (listener, nonce): the contract takes each nonce once, so that pair names
// the favorite whatever the signature bytes (a malleable twin has other bytes, same pair). A pair
// is either being checked and sent (in flight) or sent; a second request for it is refused before
// it costs a chain call, let alone a fee.
export class Submissions {
  private readonly inFlight = new Set<string>();
  private readonly sent = new Set<string>();

  private key(listener: string, nonce: string): string {
    return `${listener.toLowerCase()}:${nonce}`;
  }

  /** Claims the pair for one submission; false when it is in flight or sent already. */
  claim(listener: string, nonce: string): boolean {
    const key = this.key(listener, nonce);
    if (this.inFlight.has(key) || this.sent.has(key)) return false;
    this.inFlight.add(key);
    return true;
  }

  /** The claim ends without a transaction: the listener may try again. */
  release(listener: string, nonce: string): void {
    this.inFlight.delete(this.key(listener, nonce));
  }

  /** The pair's transaction went out: it is never claimed again. */
  markSent(listener: string, nonce: string): void {
    const key = this.key(listener, nonce);
    this.inFlight.delete(key);
    this.sent.add(key);
  }
}
