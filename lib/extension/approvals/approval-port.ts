// The approval window keeps a port open to the worker: it hears every queue change at once, and
// when the worker stops, the port's disconnect tells the window its requests have expired.
export const APPROVAL_PORT_NAME = 'encore-approval';
