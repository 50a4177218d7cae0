// The panel's weight, on the files the build wrote: what the first screen loads (the scripts and
// stylesheets its page names) stays under 150 KB of gzipped JavaScript, and none of it names
// another host (the panel works offline).

import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensurePanelBuilt, PANEL_BUNDLE } from '../../../helpers/panel.js';
import { useKernel } from '../../../helpers/suite.js';
import { adminOptions } from '../helpers.js';

const BUDGET = 150 * 1024;

describe('admin panel: the built bundle', () => {
  before(ensurePanelBuilt);
  const app = useKernel(adminOptions());

  it('loads at most 150 KB of gzipped JavaScript on the first screen', async () => {
    const page = await (await fetch(`${app().url}/admin`, { headers: { accept: 'text/html' } })).text();
    const scripts = [...page.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).to.have.length.greaterThan(0);
    let total = 0;
    for (const src of scripts) {
      const body = Buffer.from(await (await fetch(`${app().url}${src}`)).arrayBuffer());
      total += gzipSync(body, { level: 9 }).length;
    }
    expect(total, `${total} bytes gzipped`).to.be.lessThan(BUDGET);
    // The module imports nothing else at start (one file), so the page's scripts are all of it
    const main = readFileSync(join(PANEL_BUNDLE, 'main.js'), 'utf8');
    expect(main).to.not.match(/\bimport\s*\(|\bimport\s*["{*]/);
  });

  it('names no other host: no CDN, font or script from elsewhere', () => {
    for (const file of readdirSync(PANEL_BUNDLE).filter((f) => /\.(js|css)$/.test(f))) {
      const text = readFileSync(join(PANEL_BUNDLE, file), 'utf8');
      const hosts = [...text.matchAll(/(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})(?=[/"'`)\s])/gi)].map((m) => m[1]!)
        // Namespaces the DOM itself uses, never fetched
        .filter((h) => !['www.w3.org'].includes(h));
      expect(hosts, file).to.deep.equal([]);
      expect(text, file).to.not.match(/@import|url\(\s*["']?https?:/);
    }
  });
});
