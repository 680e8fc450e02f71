import { startWorker } from '../lib/extension/background/index.ts';

// Wiring lives in lib/extension/background (createBackground builds every service).
export default defineBackground(() => {
  startWorker();
});
