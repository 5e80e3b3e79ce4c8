/** @jest-environment node */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MISSING_DIGEST } from '../src/features/remotes/headless';
import { digestsByAddress, fileDigests } from './digests';

const digest = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('the digests of the shell’s own files', () => {
  it('are its release’s as release.json records them, and a build’s scripts and style sheets hashed', async () => {
    const release = mkdtempSync(join(tmpdir(), 'shell-release-'));
    writeFileSync(join(release, 'index.html'), '<html></html>');
    writeFileSync(join(release, 'release.json'), JSON.stringify({ files: { 'main.js': digest('recorded') } }));
    expect(await fileDigests(release)).toEqual(new Map([['main.js', digest('recorded')]]));

    const build = mkdtempSync(join(tmpdir(), 'shell-build-'));
    writeFileSync(join(build, 'index.html'), '<html></html>');
    writeFileSync(join(build, 'main.js'), 'main');
    mkdirSync(join(build, 'static'));
    writeFileSync(join(build, 'static', 'startup.1a2b3c4d.css'), 'css');
    writeFileSync(join(build, 'remotes.json'), '{}');
    expect(await fileDigests(build)).toEqual(
      new Map([
        ['main.js', digest('main')],
        ['static/startup.1a2b3c4d.css', digest('css')],
      ]),
    );
    for (const folder of [release, build]) rmSync(folder, { recursive: true, force: true });
  });

  it('give each address the page names its digest; one the list lacks gets a digest no file has', () => {
    const digests = new Map([
      ['main.js', digest('main')],
      ['static/a.css', digest('css')],
    ]);
    expect(digestsByAddress(digests, ['/main.js', '/static/a.css', '/added.js', 'http://cdn.example/p.js'])).toEqual({
      '/main.js': digest('main'),
      '/static/a.css': digest('css'),
      '/added.js': MISSING_DIGEST,
    });
    // a release's files, named at its own address
    const base = '/releases/shell/1.0.0-aaaa/';
    expect(digestsByAddress(digests, [`${base}main.js`, `${base}added.js`, '/main.js'], base)).toEqual({
      [`${base}main.js`]: digest('main'),
      [`${base}added.js`]: MISSING_DIGEST,
    });
  });
});
