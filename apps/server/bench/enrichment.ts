/**
 * The `enrichment` part of the bench: how long reading one photo takes (enrich by images), in
 * this process, with no database (figures under `none`). The photo is 1,600 × 1,200 px, the
 * size of an item's large version, which is what enrichment reads: a garment in one colour on a
 * light floor, a care label with three printed lines and an EAN-13 barcode beside it, as JPEG.
 *
 * Measured: the Tesseract worker's start (once, cold); then, after one warm-up, RUNS runs of
 * each reading alone (colours, text, barcode, and the barcode scan of the same photo with the
 * barcode painted over, the slowest case) and of the whole analysis (the three at once, as the
 * route runs them), each timed with performance.now(); the figure is the median. Meanwhile the
 * event loop's longest delay is recorded (what other requests would wait). The process's RSS is
 * sampled every 20 ms throughout; its peak is reported with the RSS before.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { PhotoAnalyser } from '../src/modules/enrichment';
import { ean13Photo, labelPhoto } from '../test/enrichment-photos';

const RUNS = Number(process.env.BENCH_ENRICHMENT_RUNS ?? 7);
const MB = 1024 * 1024;

interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

/** A 1,600 px photo of an item with a label and a barcode on it. */
async function itemPhoto(): Promise<Buffer> {
  const garment = await sharp({
    create: { width: 900, height: 1000, channels: 3, background: { r: 32, g: 52, b: 96 } },
  })
    .png()
    .toBuffer();
  const label = await labelPhoto(['LEVI STRAUSS & CO', 'W32 L34', '100% COTTON'], 700);
  const barcode = await ean13Photo('4006381333931');
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 236, g: 232, b: 224 } },
  })
    .composite([
      { input: garment, left: 80, top: 100 },
      { input: label, left: 860, top: 160 },
      { input: barcode, left: 1060, top: 720 },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
}

export async function benchEnrichment(add: (figure: BenchFigure) => void): Promise<void> {
  const cache = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-bench-tesseract-'));
  const analyser = new PhotoAnalyser(cache);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const photo = await itemPhoto();
    const meta = await sharp(photo).metadata();
    const start = await timed(() => analyser.textOf(photo));
    const found = await analyser.analyse(photo);
    if (!found.barcodes.some((barcode) => barcode.value === '4006381333931')) {
      throw new Error('The bench photo’s barcode was not read: the figures would time a miss.');
    }
    if (!found.text.some((line) => line.text.includes('W32'))) {
      throw new Error('The bench photo’s label was not read: the figures would time a miss.');
    }
    // A photo with no barcode is the slowest to scan: both turns are tried, on this thread.
    const plain = await sharp(photo)
      .composite([
        {
          input: await sharp({
            create: { width: 540, height: 480, channels: 3, background: '#ece8e0' },
          })
            .png()
            .toBuffer(),
          left: 1040,
          top: 700,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const readings = {
      colours: () => analyser.colours(photo),
      barcodeMiss: () => analyser.barcodes(plain),
      text: () => analyser.textOf(photo),
      barcode: () => analyser.barcodes(photo),
      total: () => analyser.analyse(photo),
    };
    const times: Record<keyof typeof readings, number[]> = {
      colours: [],
      text: [],
      barcode: [],
      barcodeMiss: [],
      total: [],
    };
    // How long the event loop waited at worst while photos were read: what other requests feel.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, read] of Object.entries(readings) as [
        keyof typeof readings,
        () => Promise<unknown>,
      ][]) {
        times[name].push((await timed(read)).ms);
      }
    }
    loop.disable();
    const photoName = `${meta.width} × ${meta.height} px JPEG`;
    add({
      name: `enrichment: first photo's text, Tesseract worker starting (${photoName})`,
      value: start.ms,
      unit: 'ms',
    });
    add({
      name: `enrichment: colours per photo p50 (${photoName})`,
      value: median(times.colours),
      unit: 'ms',
    });
    add({
      name: `enrichment: text (OCR) per photo p50 (${photoName})`,
      value: median(times.text),
      unit: 'ms',
    });
    add({
      name: `enrichment: barcode per photo p50 (${photoName})`,
      value: median(times.barcode),
      unit: 'ms',
    });
    add({
      name: `enrichment: barcode per photo with none p50, both turns tried (${photoName})`,
      value: median(times.barcodeMiss),
      unit: 'ms',
    });
    add({
      name: `enrichment: whole photo p50, three at once (${photoName})`,
      value: median(times.total),
      unit: 'ms',
    });
    add({
      name: 'enrichment: longest event-loop delay while reading photos',
      value: loop.max / 1e6,
      unit: 'ms',
    });
    add({ name: 'enrichment: RSS before', value: before / MB, unit: 'MB' });
    add({ name: 'enrichment: peak RSS of the process', value: peak / MB, unit: 'MB' });
  } finally {
    clearInterval(sampler);
    await analyser.close();
    await fs.rm(cache, { recursive: true, force: true });
  }
}
