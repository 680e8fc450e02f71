import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './library.css';
import { LibraryApp } from './components/LibraryApp.tsx';

const root = document.getElementById('app');
if (root) render(<LibraryApp />, root);
