import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './options.css';
import { OptionsPage } from './components/OptionsPage.tsx';

const root = document.getElementById('app');
if (root) render(<OptionsPage />, root);
