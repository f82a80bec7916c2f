// @ts-check
// The server's layers as lint zones (decision 0037), generated from its folders so a new module
// or marketplace is fenced in without editing this file: platform → connectors → modules → the
// composition root, each importing only downwards.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ target: string | string[], from: string | string[], except?: string[], message: string }} Zone
 */

/** @param {string} dir @param {(entry: import('node:fs').Dirent) => boolean} keep */
function entries(dir, keep) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter(keep)
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * The server's folders as the zones read them: its modules, its marketplace folders, and the
 * composition root's files (`src/*.ts` and `seed/`).
 * @param {string} src absolute path of apps/server/src
 */
export function serverLayout(src) {
  const modules = entries(path.join(src, 'modules'), (e) => e.isDirectory());
  const marketplaces = entries(
    path.join(src, 'connectors'),
    (e) => e.isDirectory() && e.name !== 'shared',
  );
  const rootFiles = [
    ...entries(src, (e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')),
    'seed',
  ];
  return { modules, marketplaces, rootFiles };
}

/**
 * The zones of `import-x/no-restricted-paths` for the server, as absolute paths and globs.
 * @param {string} src absolute path of apps/server/src
 * @returns {Zone[]}
 */
export function serverZones(src) {
  const { modules, marketplaces, rootFiles } = serverLayout(src);
  const modulesDir = path.join(src, 'modules');
  const connectorsDir = path.join(src, 'connectors');
  const root = rootFiles.map((file) => path.join(src, file));
  /** @type {Zone[]} */
  const zones = [];

  for (const module of modules) {
    const others = `${modulesDir}/!(${module})/**`;
    const doors = `${modulesDir}/*/index.ts`;
    zones.push(
      {
        target: `${modulesDir}/${module}/**/!(*.table).ts`,
        from: others,
        except: [doors],
        message:
          `A module uses another only through its index.ts: import from '../<module>' (its ` +
          `service and types), not its repository, table or service file. Need more? Export it ` +
          `from that module's index.ts, or have its service take your transaction (tx: Db).`,
      },
      {
        target: `${modulesDir}/${module}/**/*.table.ts`,
        from: others,
        except: [doors, `${modulesDir}/*/**/*.table.ts`],
        message:
          `A table may name another module's *.table.ts for a foreign key; anything else of ` +
          `another module comes through its index.ts.`,
      },
    );
  }

  zones.push(
    {
      target: modulesDir,
      from: connectorsDir,
      except: ['./contract.ts'],
      message:
        `Modules use marketplaces only through connectors/contract.ts (the Connector interface ` +
        `and the registry the container passes in); no module names a concrete connector.`,
    },
    {
      target: modulesDir,
      from: root,
      message:
        `Modules must not import the composition root (container, routes, schema, main, ` +
        `seed): take what you need as a constructor argument and let container.ts wire it.`,
    },
    {
      target: path.join(src, 'platform'),
      from: [modulesDir, connectorsDir, ...root],
      message:
        `platform/ imports nothing from modules/, connectors/ or the composition root: declare ` +
        `an interface or take a list here, and let the root (container.ts, routes.ts, ` +
        `schema.ts) pass the implementation in.`,
    },
    {
      // The marketplace folders have their own, narrower zone below; marketplaces.ts, which
      // builds the registry, is wiring and may name what it wires.
      target: [path.join(connectorsDir, 'contract.ts'), path.join(connectorsDir, 'shared')],
      from: [modulesDir, ...root],
      message:
        `connectors/ sit below modules: put what a connector needs in connectors/contract.ts ` +
        `or connectors/shared/, never import a module or the composition root.`,
    },
  );

  for (const marketplace of marketplaces) {
    zones.push({
      target: path.join(connectorsDir, marketplace),
      from: src,
      except: ['./connectors/contract.ts', './connectors/shared', `./connectors/${marketplace}`],
      message:
        `A marketplace folder imports only connectors/contract.ts, connectors/shared/, its own ` +
        `files and npm packages (@listloop/domain): move what several marketplaces need to ` +
        `connectors/shared/, and take platform services (fetch, clock) as arguments.`,
    });
  }
  return zones;
}
