// Small type guards for reading untrusted input (a page's message, a stored record, a decoded
// token) before a schema or a hand-written reader looks inside it.
export { isRecord } from './is-record.ts';
