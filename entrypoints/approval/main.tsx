import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './approval.css';
import { App } from './components/App.tsx';

const root = document.getElementById('app');
if (root) render(<App />, root);
