// Registered by the worker only while "Answer sites that only look for MetaMask" is on
// (lib/extension/background/metamask-flag.ts). A fixed file: it carries no setting and nothing
// about the person; its presence is the setting. Chrome runs it after the manifest's inpage
// script at document_start, so it finds Encore's provider before any page script runs.
import { answerAsMetaMask } from '../lib/extension/provider/index.ts';

export default defineContentScript({
  registration: 'runtime',
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    answerAsMetaMask(window);
  },
});
