import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverLayout } from '../../../eslint/server-boundaries.js';
import { SHOPIFY_API_VERSION } from './connectors/shopify/client';
import { loadConfig } from './platform/config';

const REPO = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(REPO, 'apps/server/src');

/**
 * Plants imports in files of real folders and asks lint, with the repository's own
 * configuration, whether the server's layers (decision 0037) let them through.
 */
// One ESLint for the file: its start (configuration, plugins, parser) takes a few seconds.
describe('server boundaries', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: REPO });
  });

  async function lint(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('import-x/'));
  }

  async function refused(file: string, code: string, rule = 'import-x/no-restricted-paths') {
    const messages = await lint(file, code);
    expect(messages.map((m) => m.ruleId)).toEqual([rule]);
    return messages[0]!.message;
  }

  it('reads the zones from the folders', () => {
    const layout = serverLayout(SRC);
    expect(layout.modules).toEqual(expect.arrayContaining(['items', 'listings', 'health']));
    expect(layout.marketplaces).toEqual(expect.arrayContaining(['ebay', 'shopify']));
    expect(layout.marketplaces).not.toContain('shared');
    expect(layout.rootFiles).toEqual(
      expect.arrayContaining(['container.ts', 'routes.ts', 'schema.ts', 'main.ts', 'seed']),
    );
    expect(layout.rootFiles).not.toContain('boundaries.test.ts');
  });

  it("refuses a module importing another module's repository, and says to use its index.ts", async () => {
    const message = await refused(
      'modules/listings/planted.ts',
      "import { ItemRepository } from '../items/item.repository';\nexport const x = ItemRepository;\n",
    );
    expect(message).toContain('index.ts');
  });

  it("lets a module import another module's index.ts", async () => {
    expect(
      await lint(
        'modules/listings/planted.ts',
        "import { healthRoutes } from '../health';\nexport const x = healthRoutes;\n",
      ),
    ).toEqual([]);
  });

  it("lets a table name another module's table for a foreign key, and nothing else may", async () => {
    const code = "import { items } from '../items/item.table';\nexport const x = items;\n";
    expect(await lint('modules/listings/planted.table.ts', code)).toEqual([]);
    expect(await refused('modules/listings/planted.ts', code)).toContain('index.ts');
    expect(
      await refused(
        'modules/listings/planted.table.ts',
        "import { ItemRepository } from '../items/item.repository';\nexport const x = ItemRepository;\n",
      ),
    ).toContain('foreign key');
  });

  it('refuses a module naming a concrete connector', async () => {
    const message = await refused(
      'modules/listings/planted.ts',
      "import { SHOPIFY_API_VERSION } from '../../connectors/shopify/client';\nexport const x = SHOPIFY_API_VERSION;\n",
    );
    expect(message).toContain('connectors/contract.ts');
  });

  it('refuses platform importing a module, a connector or the composition root', async () => {
    for (const source of [
      '../../modules/health',
      '../../connectors/shopify/client',
      '../../routes',
    ]) {
      const message = await refused(
        'platform/http/planted.ts',
        `import * as upper from '${source}';\nexport const x = upper;\n`,
      );
      expect(message).toContain('declare an interface');
    }
  });

  it('refuses a marketplace importing a module or another marketplace, and lets it use shared/', async () => {
    for (const source of ['../../modules/health', '../shopify/client', '../../platform/ids']) {
      const message = await refused(
        'connectors/ebay/planted.ts',
        `import * as other from '${source}';\nexport const x = other;\n`,
      );
      expect(message).toContain('connectors/shared/');
    }
    expect(
      await lint(
        'connectors/ebay/planted.ts',
        "import * as shared from '../shared/marketplace-http';\nimport * as own from './client';\nimport * as domain from '@listloop/domain';\nexport const x = [shared, own, domain];\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle, and lets a type-only import close the loop', async () => {
    // request-context.ts imports errors.ts; errors.ts importing it back is a loop.
    await refused(
      'platform/http/errors.ts',
      "import { requireContext } from './request-context';\nexport const x = requireContext;\n",
      'import-x/no-cycle',
    );
    expect(
      await lint(
        'platform/http/errors.ts',
        "import type { RequestContext } from './request-context';\nexport type X = RequestContext;\n",
      ),
    ).toEqual([]);
  });
});

describe("platform's default Shopify API version", () => {
  it("is the one the Shopify connector's documents are written for", () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://localhost/listloop',
        SHOPIFY_CLIENT_ID: 'id',
        SHOPIFY_CLIENT_SECRET: 'secret',
      },
      [],
    );
    expect(config.marketplaces.shopify?.apiVersion).toBe(SHOPIFY_API_VERSION);
  });
});
