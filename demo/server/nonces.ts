// Single-use nonces: sign-in nonces this server issues, and the nonces inside ID tokens. Either
// way a captured signature or token cannot be replayed.
import { randomBytes } from 'node:crypto';

export class NonceStore {
  private readonly issued = new Map<string, number>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  issue(): string {
    this.sweep();
    const nonce = randomBytes(12).toString('hex');
    this.issued.set(nonce, this.now() + this.ttlMs);
    return nonce;
  }

  /** True once per issued, unexpired nonce. */
  consume(nonce: string): boolean {
    const expires = this.issued.get(nonce);
    this.issued.delete(nonce);
    return expires !== undefined && expires > this.now();
  }

  private sweep(): void {
    const now = this.now();
    for (const [nonce, expires] of this.issued) if (expires <= now) this.issued.delete(nonce);
  }
}

/**
 * Nonces that arrived inside tokens (the wallet made them, not this server): each is accepted
 * once, and remembered until its token expires, after which the token itself is refused.
 */
export class SeenNonces {
  private readonly seen = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** True the first time `nonce` is offered; `expiresAtMs` is when its token stops working. */
  firstUse(nonce: string, expiresAtMs: number): boolean {
    this.sweep();
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, expiresAtMs);
    return true;
  }

  private sweep(): void {
    const now = this.now();
    for (const [nonce, expires] of this.seen) if (expires <= now) this.seen.delete(nonce);
  }
}
