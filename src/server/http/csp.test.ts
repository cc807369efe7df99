import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, personalPagePolicy } from './csp.ts';

const off = { gaId: null, metaPixelId: null, clarityId: null };

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script (UTF-8), skipping scripts with a src and data blocks', () => {
    const config = 'window.seller={"name":"Açaí & Cia"}';
    const html = `<head><script>${config}</script><script type="application/json" id="vitrine-config">{"a":1}</script><script type="module" src="/assets/main.js"></script></head><body><script>\nvar a=1;\n</script></body>`;
    const expected = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([expected(config), expected('\nvar a=1;\n')]);
  });
});

describe('contentSecurityPolicy', () => {
  it('is strict without trackers: no inline script, no eval, no plugins, no framing, no foreign forms', () => {
    const policy = contentSecurityPolicy({ trackers: off, scriptHashes: ["'sha256-abc'"] });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).not.toMatch(/unsafe-eval|https:\/\//);
    expect(policy.split('; ').find((directive) => directive.startsWith('script-src'))).not.toContain('unsafe-inline');
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "default-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('allows each tracker host only when that tracker is configured', () => {
    const ga = contentSecurityPolicy({ trackers: { ...off, gaId: 'G-X' } });
    expect(ga).toContain('https://*.googletagmanager.com');
    expect(ga).not.toMatch(/facebook|clarity/);
    const meta = contentSecurityPolicy({ trackers: { ...off, metaPixelId: '123' } });
    expect(meta).toContain('https://connect.facebook.net');
    expect(meta).not.toMatch(/google|clarity/);
    const clarity = contentSecurityPolicy({ trackers: { ...off, clarityId: 'abc' } });
    expect(clarity).toContain('https://*.clarity.ms');
    expect(clarity).not.toMatch(/google|facebook/);
  });
});

describe('personalPagePolicy', () => {
  it('allows no tracker host and no remote image, whatever the marketing pages allow, and keeps the page’s own scripts', () => {
    const marketing = contentSecurityPolicy({ trackers: { gaId: 'G-X', metaPixelId: '123', clarityId: 'abc' }, remoteImages: true });
    expect(marketing).toMatch(/img-src [^;]*https:/);
    const personal = personalPagePolicy(["'sha256-abc'"]);
    expect(personal).not.toMatch(/https:|google|facebook|clarity|bing/);
    expect(personal).toContain("script-src 'self' 'sha256-abc';");
    expect(personal).toContain("img-src 'self' data:;");
    // connect-src and font-src fall back to it.
    expect(personal).toContain("default-src 'self';");
    expect(personal).not.toMatch(/connect-src|font-src/);
  });
});

describe('the hero video frame', () => {
  it('is allowed only on a page with a video, and only from its player host', () => {
    expect(contentSecurityPolicy({ trackers: off })).not.toContain('frame-src');
    const policy = contentSecurityPolicy({ trackers: off, frames: ['https://www.youtube-nocookie.com'] });
    expect(policy).toContain("frame-src 'self' https://www.youtube-nocookie.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
