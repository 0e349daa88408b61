import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadWebPages, negotiate, type HtmlDocument } from './web-pages.js';

describe('loadWebPages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'redpen-web-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is null when the web app is not built', () => {
    expect(loadWebPages(join(dir, 'missing'))).toBeNull();
  });

  it('reads the shell and every prerendered page of the manifest with their compressed twins', () => {
    writeFileSync(join(dir, 'index.html'), '<html>shell</html>');
    mkdirSync(join(dir, 'pages', 'guide'), { recursive: true });
    writeFileSync(join(dir, 'pages', 'pricing.html'), '<html>pricing</html>');
    writeFileSync(join(dir, 'pages', 'pricing.html.br'), 'br');
    writeFileSync(join(dir, 'pages', 'guide', 'student.html'), '<html>guide</html>');
    writeFileSync(join(dir, 'pages', 'manifest.json'), JSON.stringify({ '/pricing': 'pages/pricing.html', '/guide/student': 'pages/guide/student.html' }));

    const web = loadWebPages(dir);
    expect(web?.shell.identity.toString()).toBe('<html>shell</html>');
    expect([...(web?.prerendered.keys() ?? [])]).toEqual(['/pricing', '/guide/student']);
    expect(web?.prerendered.get('/pricing')?.br?.toString()).toBe('br');
    expect(web?.prerendered.get('/pricing')?.gzip).toBeNull();
    expect(web?.prerendered.get('/guide/student')?.identity.toString()).toBe('<html>guide</html>');
  });
});

describe('negotiate', () => {
  const doc: HtmlDocument = { identity: Buffer.from('plain'), br: Buffer.from('br'), gzip: Buffer.from('gz') };

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5', 'br'],
    ['identity', null],
    [undefined, null],
  ])('Accept-Encoding %p → %p', (header, encoding) => {
    expect(negotiate(doc, header).encoding).toBe(encoding);
  });

  it('sends the document as it is when no twin was written', () => {
    expect(negotiate({ identity: Buffer.from('plain'), br: null, gzip: null }, 'br, gzip')).toEqual({ body: Buffer.from('plain'), encoding: null });
  });
});
