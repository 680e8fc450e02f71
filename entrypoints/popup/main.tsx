import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './popup.css';
import { measurePhase } from '@encore-wallet/utils/perf';
import { startedEarly } from '../../lib/extension/ui/index.ts';
import { App } from './components/App.tsx';
import { loadSnapshotState, loadWalletState } from './components/api.ts';

// From the page's start to its script running (loading and evaluating the bundle).
measurePhase('encore:popup:script', 0);

// Ask the worker before the first render (which would only show "Loading…"): the answer, or the
// worker's start-up, runs meanwhile. The session snapshot is read from storage beside it: when the
// browser has stopped the worker, it shows the logged-in person long before the worker answers.
const load = startedEarly(loadWalletState);
const snapshot = startedEarly(loadSnapshotState);

const root = document.getElementById('app');
if (root) render(<App load={load} snapshot={snapshot} />, root);
