import { describe, expect, it } from 'vitest';
import { DEVELOPER_ORIGIN_PATTERNS, originPatterns, rewriteManifest } from './extension-package';

describe('the packed extension’s origins', () => {
  it('are the server’s own origin, every port', () => {
    expect(originPatterns('https://listloop.example')).toEqual(['https://listloop.example/*']);
    expect(originPatterns('http://shop.lan:3000')).toEqual(['http://shop.lan/*']);
  });

  it('stay the loopback ones for a server on this machine', () => {
    expect(originPatterns('http://localhost:3000')).toEqual(DEVELOPER_ORIGIN_PATTERNS);
    expect(originPatterns('http://127.0.0.1:8080')).toEqual(DEVELOPER_ORIGIN_PATTERNS);
  });

  it('replace the loopback origins in the host permissions and who may message the extension, keeping the marketplaces', () => {
    const marketplaces = ['https://poshmark.com/*', 'https://www.mercari.com/*'];
    const manifest = rewriteManifest(
      {
        name: 'ListLoop',
        permissions: ['storage', 'alarms'],
        host_permissions: [...DEVELOPER_ORIGIN_PATTERNS, ...marketplaces],
        externally_connectable: { matches: DEVELOPER_ORIGIN_PATTERNS },
      },
      'https://listloop.example',
    );
    expect(manifest).toEqual({
      name: 'ListLoop',
      permissions: ['storage', 'alarms'],
      host_permissions: ['https://listloop.example/*', ...marketplaces],
      externally_connectable: { matches: ['https://listloop.example/*'] },
    });
  });
});
