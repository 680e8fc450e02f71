import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './approval.css';
import { App } from './components/App.tsx';
import { connectApprovalFeed } from './components/use-approvals.ts';

// Connected before the first render, so the worker's snapshot is on its way meanwhile.
const feed = connectApprovalFeed();
const root = document.getElementById('app');
if (root) render(<App feed={feed} />, root);
