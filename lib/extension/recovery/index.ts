export { isPhraseKept, markPhraseKept, PHRASE_KEPT_KEY } from './phrase-kept.ts';
