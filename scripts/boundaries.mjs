// `node scripts/boundaries.mjs [--json]`: the server's boundary figures, read from its imports.
// Lint enforces the rules (eslint.config.js, decision 0037); this counts what is left so a
// change can say before and after: cross-module repository and table imports, module cycles,
// platform → modules imports, the composition root's size and the longest source file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BOUNDARIES_SRC: another checkout's server sources, to count a past commit's figures.
const SRC = process.env.BOUNDARIES_SRC ?? path.join(ROOT, 'apps/server/src');

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$|\.testing\.ts$/.test(entry.name))
      files.push(full);
  }
  return files;
}

/** `modules/items/item.service.ts` → { layer: 'modules', unit: 'items' }. */
function placeOf(file) {
  const [layer, unit] = path.relative(SRC, file).split(path.sep);
  if (layer === 'modules' || layer === 'connectors') return { layer, unit };
  if (layer === 'platform') return { layer, unit: 'platform' };
  return { layer: 'root', unit: layer };
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate)) return candidate;
  return null;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

const files = sourceFiles(SRC);
const edges = [];
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[3]);
    if (target) edges.push({ from: file, to: target, typeOnly: Boolean(match[2]) });
  }
  for (const match of text.matchAll(DYNAMIC)) {
    const target = resolveImport(file, match[1]);
    if (target) edges.push({ from: file, to: target, typeOnly: false });
  }
}

const rel = (file) => path.relative(SRC, file);
const crossModule = edges.filter((edge) => {
  const a = placeOf(edge.from);
  const b = placeOf(edge.to);
  return a.layer === 'modules' && b.layer === 'modules' && a.unit !== b.unit;
});
const repositoryImports = crossModule.filter((edge) => /\.repository\.ts$/.test(edge.to));
const tableImports = crossModule.filter((edge) => /\.table\.ts$/.test(edge.to));
const foreignKeyImports = tableImports.filter((edge) => /\.table\.ts$/.test(edge.from));
const privateImports = crossModule.filter((edge) => path.basename(edge.to) !== 'index.ts');
const platformUp = edges.filter(
  (edge) =>
    placeOf(edge.from).layer === 'platform' &&
    ['modules', 'connectors', 'root'].includes(placeOf(edge.to).layer),
);
const connectorsIntoModules = edges.filter(
  (edge) => placeOf(edge.from).layer === 'modules' && placeOf(edge.to).layer === 'connectors',
);
const concreteConnectorImports = connectorsIntoModules.filter(
  (edge) => !/^connectors\/(contract|shared)|^connectors\/[^/]+\.ts$/.test(rel(edge.to)),
);

/**
 * Strongly connected components of the module graph with more than one module (Tarjan): by
 * value imports (what import-x/no-cycle refuses), or counting type-only imports too.
 */
function moduleCycles({ withTypes = false } = {}) {
  const graph = new Map();
  for (const edge of crossModule) {
    if (edge.typeOnly && !withTypes) continue;
    const a = placeOf(edge.from).unit;
    const b = placeOf(edge.to).unit;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
  }
  let index = 0;
  const stack = [];
  const state = new Map();
  const components = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return components;
}

const lines = (file) => fs.readFileSync(file, 'utf8').split('\n').length - 1;
const longest = files
  .map((file) => ({ file: rel(file), lines: lines(file) }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, 5);
const modulesWithRepositoryImports = new Set(repositoryImports.map((e) => placeOf(e.from).unit));
const cycles = moduleCycles();
const cyclesWithTypes = moduleCycles({ withTypes: true });

const figures = {
  crossModuleRepositoryImports: repositoryImports.length,
  modulesImportingOtherRepositories: modulesWithRepositoryImports.size,
  crossModuleTableImports: tableImports.length - foreignKeyImports.length,
  crossModuleForeignKeys: foreignKeyImports.length,
  crossModulePrivateImports: privateImports.length - foreignKeyImports.length,
  moduleCycles: cycles.length,
  moduleCyclesCountingTypeImports: cyclesWithTypes.length,
  platformImportsOfUpperLayers: platformUp.length,
  concreteConnectorImportsFromModules: concreteConnectorImports.length,
  containerLines: lines(path.join(SRC, 'container.ts')),
  longestFiles: longest,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...figures, cycles, cyclesWithTypes }, null, 2));
} else {
  for (const [name, value] of Object.entries(figures)) {
    if (name === 'longestFiles') continue;
    console.log(`${name.padEnd(40)} ${value}`);
  }
  console.log('longest server source files:');
  for (const { file, lines: count } of longest)
    console.log(`  ${String(count).padStart(5)}  ${file}`);
  if (cycles.length) console.log(`module cycles: ${cycles.map((c) => c.join(' ↔ ')).join('; ')}`);
  if (cyclesWithTypes.length)
    console.log(`counting type imports: ${cyclesWithTypes.map((c) => c.join(' ↔ ')).join('; ')}`);
  if (process.argv.includes('--list')) {
    for (const edge of [...repositoryImports, ...platformUp, ...concreteConnectorImports])
      console.log(`  ${rel(edge.from)} → ${rel(edge.to)}`);
  }
}
