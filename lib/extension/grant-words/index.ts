// A spend permission's terms in words, for the approval window, the popup and the worker's
// Activity lines. Its own folder, over lib/transactions' amounts only: the pages import it
// without loading the grant store, its storage and its schemas.
export { type GrantTokenWords, grantAmount, grantDate, periodInWords } from './grant-words.ts';
