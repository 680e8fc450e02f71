// The names of the runtime ports into the worker; the worker tells them apart by name.

/** A site's provider: the relay (content script) opens it for the page it runs in. */
export const PROVIDER_PORT_NAME = 'encore-provider';

/**
 * The approval window keeps this port open to the worker: it hears every queue change at once,
 * and when the worker stops, the port's disconnect tells the window its requests have expired.
 */
export const APPROVAL_PORT_NAME = 'encore-approval';
