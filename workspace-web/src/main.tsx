import { render } from 'preact';
import { App } from './app';
import '@svc/ui-kit/base.css';
import './style.css';

const root = document.getElementById('app')!;
// The page's own "Loading…" goes; Preact renders into an empty element.
root.textContent = '';
render(<App />, root);
