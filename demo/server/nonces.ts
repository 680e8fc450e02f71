// Single-use sign-in nonces with a lifetime: a captured signature cannot be replayed.
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
