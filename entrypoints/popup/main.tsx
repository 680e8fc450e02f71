import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './popup.css';
import { measurePhase } from '../../lib/perf/index.ts';
import { App } from './components/App.tsx';
import { loadWalletState, type WalletState } from './components/api.ts';

// From the page's start to its script running (loading and evaluating the bundle).
measurePhase('encore:popup:script', 0);

// Ask the worker before the first render (which would only show "Loading…"): the answer, or the
// worker's start-up, runs meanwhile.
let first: Promise<WalletState> | null = loadWalletState();
first.catch(() => undefined);
const load = (): Promise<WalletState> => {
  const answer = first ?? loadWalletState();
  first = null;
  return answer;
};

const root = document.getElementById('app');
if (root) render(<App load={load} />, root);
