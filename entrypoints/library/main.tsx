import { render } from 'preact';
import '../../lib/extension/ui/styles/base.css';
import './library.css';
import { startedEarly } from '../../lib/extension/ui/index.ts';
import { LibraryApp } from './components/LibraryApp.tsx';
import { setUpLibrary, viewedUserFromUrl } from './components/library-setup.ts';

// Asked before the first render: the worker's answers and the catalog's first reads are on their
// way while Preact draws the page.
const setUp = startedEarly(() => setUpLibrary(viewedUserFromUrl(location.search)));

const root = document.getElementById('app');
if (root) render(<LibraryApp setUp={setUp} />, root);
