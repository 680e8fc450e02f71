// A form in use keeps the worker started. The browser stops an idle worker after 30 s, and one
// woken only by the submit click starts, evaluates its bundle and warms up on the other core
// while the popup derives the first key: on two cores that login is ~40 ms slower than with a
// running worker (`npm run bench:extension`, cold vs warm). So any input in the form — typing,
// pasting, a password manager's fill — wakes it, at most once every WAKE_EVERY_MS: a getState,
// answered from memory by a running worker, which also restarts its idle timer.
import { sendMessage } from './api.ts';
import { createWorkerWake } from './wake-throttle.ts';

export const wakeWorker = createWorkerWake(() => sendMessage('getState'));
