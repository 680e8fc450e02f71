// How much chain traffic a site may push through Encore. Reads reveal nothing about the person,
// but they cost the person's RPC quota and the worker's memory, so each is bounded.

export interface NodeLimits {
  /** The JSON-RPC request body, in UTF-8 bytes. */
  maxRequestBytes: number;
  /** The node's answer, in bytes; reading stops (and the request fails) past it. */
  maxResponseBytes: number;
  /** From sending the request to the last byte of the answer. */
  timeoutMs: number;
  /** Requests an origin may send at once (the bucket's size)… */
  burst: number;
  /** …and how fast the bucket refills. */
  perSecond: number;
  /**
   * One more bucket shared by every site: a site can move through as many origins of its own as it
   * likes (a.evil.example, b.evil.example…, in its tab or in windows it opens), each with a full
   * bucket of its own.
   */
  allSitesBurst: number;
  allSitesPerSecond: number;
  /** Sites' requests at the node at once; more wait their turn (each answer may be large). */
  maxInFlight: number;
}

export const NODE_LIMITS: NodeLimits = {
  maxRequestBytes: 128 * 1024,
  maxResponseBytes: 4 * 1024 * 1024,
  timeoutMs: 15_000,
  burst: 200,
  perSecond: 20,
  allSitesBurst: 400,
  allSitesPerSecond: 40,
  maxInFlight: 16,
};
