// Phase timings (User Timing measures) shared by the wallet core, the worker and the extension
// pages. Plain TypeScript with no imports, so a page that needs it loads nothing else.
export { measurePhase, phaseStart } from './measure-phase.ts';
