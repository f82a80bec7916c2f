/**
 * The background-removal figures (`BENCH_PARTS=background-removal`): the real model, as the
 * server runs it (BackgroundRemovalModel: a child process, one picture at a time), on the test
 * photo scaled to 1,600 px on its longest side (1,365 × 1,600). The first picture also loads
 * the model; then BENCH_BG_RUNS (5) pictures give the median time per picture. The peak memory
 * is the model process's own high-water resident set; the event loop's longest stall is this
 * process's while the model works, which the child keeps small. No database takes part.
 */
import fs from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import sharp from 'sharp';
import { BackgroundRemovalModel, type RemovalModelName } from '../src/modules/background-removal';

const PHOTO = fileURLToPath(new URL('../test/fixtures/grace-hopper.jpg', import.meta.url));
const MB = 1024 * 1024;

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function benchBackgroundRemoval(
  record: (figure: BenchFigure) => void,
  options: { runs?: number; models?: RemovalModelName[] } = {},
): Promise<void> {
  const runs = options.runs ?? Number(process.env.BENCH_BG_RUNS ?? 5);
  const models = options.models ?? (['small'] as RemovalModelName[]);
  const picture = await sharp(await fs.readFile(PHOTO))
    .resize({ width: 1600, height: 1600, fit: 'inside' })
    .jpeg({ quality: 95 })
    .toBuffer();
  const logger = pino({ level: 'silent' });
  for (const name of models) {
    const model = new BackgroundRemovalModel(name, logger);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    try {
      const first = await model.remove(picture, 'image/jpeg');
      record({
        name: `background removal (${name}): first picture, model loaded, 1,600 px`,
        value: first.ms / 1000,
        unit: 's',
      });
      const times: number[] = [];
      let peakRss = first.peakRss;
      loop.enable();
      for (let i = 0; i < runs; i++) {
        const outcome = await model.remove(picture, 'image/jpeg');
        times.push(outcome.ms);
        peakRss = Math.max(peakRss, outcome.peakRss);
        const { width, height } = await sharp(outcome.png).metadata();
        if (width !== 1365 || height !== 1600) {
          throw new Error(`the cut-out is ${width} × ${height}, not 1365 × 1600`);
        }
      }
      loop.disable();
      record({
        name: `background removal (${name}): per picture, 1,600 px, p50 of ${runs}`,
        value: median(times) / 1000,
        unit: 's',
        target: '< 15 s on two cores',
      });
      record({
        name: `background removal (${name}): model process peak RSS`,
        value: Math.round(peakRss / MB),
        unit: 'MB',
      });
      record({
        name: `background removal (${name}): server event loop, longest stall while removing`,
        value: Math.round(loop.max / 1e6),
        unit: 'ms',
      });
    } finally {
      await model.close();
    }
  }
}
