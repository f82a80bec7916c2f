#!/usr/bin/env node
/**
 * The top functions of a V8 CPU profile (a .cpuprofile written by `node --cpu-prof`, e.g. by the
 * bench's BENCH_CPU_PROF=<dir>), as text that fits a commit message or a decision record.
 *
 *   node scripts/cpu-profile-top.mjs <file.cpuprofile> [--top N] [--total] [--match TEXT]
 *
 * Self time: the samples taken in the function itself. Total (--total): the samples with the
 * function anywhere on the stack, counted once per sample however deep it recurses. Percentages
 * are of the busy time (every sample but "(idle)"); the idle share is printed on the first line.
 * --match keeps only the functions whose name or file contains TEXT (case-insensitive).
 */
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

function parseArgs(argv) {
  const options = { file: null, top: 25, total: false, match: null };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--top') options.top = Number(argv[++i]);
    else if (arg === '--total') options.total = true;
    else if (arg === '--match') options.match = String(argv[++i]).toLowerCase();
    else if (!options.file) options.file = arg;
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (!options.file || !Number.isInteger(options.top) || options.top < 1) {
    throw new Error(
      'usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [--top N] [--total] [--match TEXT]',
    );
  }
  return options;
}

/** file:///…/node_modules/zod/v4/core/schemas.js → zod/v4/core/schemas.js; repo files relative. */
function shortUrl(url) {
  if (!url) return '';
  let file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) return file.slice(modules + '/node_modules/'.length);
  if (file.startsWith(repoRoot + '/')) file = file.slice(repoRoot.length + 1);
  return file;
}

function describe(callFrame) {
  const name = callFrame.functionName || '(anonymous)';
  const url = shortUrl(callFrame.url);
  return url ? `${name} ${url}:${callFrame.lineNumber + 1}` : name;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const profile = JSON.parse(fs.readFileSync(options.file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);

  // Each sample's duration: the delta to the next sample (the last one gets the mean).
  const deltas = profile.timeDeltas ?? [];
  const durationUs = profile.endTime - profile.startTime;
  const meanUs = durationUs / Math.max(1, profile.samples.length);
  const sampleUs = (i) => (i + 1 < deltas.length ? Math.max(0, deltas[i + 1]) : meanUs);

  const self = new Map();
  const total = new Map();
  let idleUs = 0;
  let allUs = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const us = sampleUs(i);
    allUs += us;
    const leaf = byId.get(profile.samples[i]);
    const leafKey = describe(leaf.callFrame);
    if (leaf.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    self.set(leafKey, (self.get(leafKey) ?? 0) + us);
    if (!options.total) continue;
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parentOf.get(id)) {
      const key = describe(byId.get(id).callFrame);
      if (key === '(root)' || seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  }
  const busyUs = allUs - idleUs;
  const ms = (us) => (us / 1000).toFixed(0).padStart(8);
  const pct = (us) => `${((100 * us) / Math.max(1, busyUs)).toFixed(1).padStart(5)}%`;
  const keep = ([key]) => !options.match || key.toLowerCase().includes(options.match);

  console.log(
    `${path.basename(options.file)}: ${(allUs / 1e6).toFixed(1)} s sampled, ${(busyUs / 1e6).toFixed(1)} s busy, ${((100 * idleUs) / Math.max(1, allUs)).toFixed(0)}% idle; % of busy time`,
  );
  const print = (title, entries) => {
    console.log(`\n${title}`);
    console.log(`${'ms'.padStart(8)} ${'%'.padStart(6)}  function file:line`);
    for (const [key, us] of entries
      .filter(keep)
      .sort((a, b) => b[1] - a[1])
      .slice(0, options.top)) {
      console.log(`${ms(us)} ${pct(us)}  ${key}`);
    }
  };
  print('Top by self time', [...self]);
  if (options.total) print('Top by total time (self and callees)', [...total]);
}

main();
