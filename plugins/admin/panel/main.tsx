// The panel's entry point (bundled by scripts/build-panel.mjs into dist/admin-panel/main.js).
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('app')!);
