// `npm run upload` (scripts/strata.mjs upload): imports files and folders into a temporary SQLite
// app's media library, from compiled code, under the API's rules; `npm start` then serves them.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ROOT, FIXTURE_CONTENT_TYPES } from '../helpers/kernel.js';
import { appEnv, startServer } from '../helpers/server-process.js';

function upload(appDir: string, args: string[]) {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'strata.mjs'), 'upload', ...args], {
    cwd: ROOT, env: appEnv(appDir), encoding: 'utf8', timeout: 120_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('npm run upload', function () {
  this.timeout(180_000);
  let appDir: string;
  before(() => {
    appDir = mkdtempSync(join(tmpdir(), 'strata-upload-cli-'));
    cpSync(FIXTURE_CONTENT_TYPES, join(appDir, 'content-types'), { recursive: true });
  });
  after(() => rmSync(appDir, { recursive: true, force: true }));

  it('imports a folder, skips and reports a refused file, and the server serves what it stored', async () => {
    const seed = join(appDir, 'seed');
    mkdirSync(join(seed, 'photos'), { recursive: true });
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } }).jpeg().toFile(join(seed, 'photos', 'harbour.jpg'));
    writeFileSync(join(seed, 'notes.md'), '# Notes\n\nPlain text.\n');
    writeFileSync(join(seed, 'page.png'), '<!DOCTYPE html><html><script>alert(1)</script></html>');
    const res = upload(appDir, ['--alt', 'Seeded', seed]);
    expect(res.code, res.stderr).to.equal(1);
    expect(res.stderr).to.match(/notes\.md -> \/uploads\/notes_[0-9a-f]{10}\.md \(id \d+\)/);
    expect(res.stderr).to.match(/page\.png: refused: File page\.png: files of type text\/html are not allowed/);
    expect(res.stderr).to.contain('2 of 3 file(s) imported');
    const url = /harbour\.jpg -> (\/uploads\/harbour_[0-9a-f]{10}\.jpg)/.exec(res.stderr)?.[1];
    expect(url, res.stderr).to.be.a('string');
    expect(existsSync(join(appDir, 'public', url!.slice(1).replace(/^uploads\//, 'uploads/')))).to.equal(true);
    expect(existsSync(join(appDir, 'public', url!.replace('/uploads/', 'uploads/thumbnail_')))).to.equal(true);
    const server = startServer(appDir);
    try {
      const base = await server.ready;
      const served = await fetch(`${base}${url}`);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('image/jpeg');
    } finally {
      await server.stop();
    }
  });

  it('prints its usage for --help and refuses no arguments', () => {
    const help = upload(appDir, ['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^usage: npm run upload/);
    const none = upload(appDir, []);
    expect(none.code).to.equal(1);
    expect(none.stderr).to.contain('no files given');
  });
});
