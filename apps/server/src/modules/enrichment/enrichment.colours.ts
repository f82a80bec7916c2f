import sharp from 'sharp';
import {
  colourNameOf,
  hexOf,
  labOf,
  MAX_IMAGE_PIXELS,
  type EnrichmentColour,
  type Rgb,
} from '@listloop/domain';

/** Colours are judged on a thumbnail: 96 px holds every colour a buyer would name. */
const SIDE = 96;
const CLUSTERS = 6;
const ROUNDS = 12;
/** Below this alpha a pixel is background of a cut-out, not the item. */
const OPAQUE = 128;
/** Centres closer than this (ΔE in L*a*b*) are one colour: no new cluster starts there. */
const DISTINCT = 12;
/** Colours under this share are specks, not the item's colour. */
const MIN_SHARE = 0.03;

/**
 * The dominant colours of a photo, largest first: the opaque pixels of a thumbnail clustered
 * (k-means in L*a*b*, seeded from the commonest colour then the farthest ones, so the same
 * photo always gives the same answer), each cluster named from the item colour swatches and
 * clusters of one name merged. The colour most of the border has is marked as the background
 * (a product on a white sheet), unless it is nearly the whole photo.
 */
export async function dominantColours(bytes: Buffer): Promise<EnrichmentColour[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(SIDE, SIDE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: { rgb: Rgb; lab: Rgb; border: boolean }[] = [];
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const at = (y * info.width + x) * info.channels;
      if (data[at + 3]! < OPAQUE) continue;
      const rgb: Rgb = [data[at]!, data[at + 1]!, data[at + 2]!];
      const border = x === 0 || y === 0 || x === info.width - 1 || y === info.height - 1;
      pixels.push({ rgb, lab: labOf(rgb), border });
    }
  }
  if (pixels.length === 0) return [];

  const centres = seeds(pixels.map((pixel) => pixel.lab));
  const assignment = new Array<number>(pixels.length).fill(0);
  for (let round = 0; round < ROUNDS; round += 1) {
    let moved = false;
    pixels.forEach((pixel, index) => {
      const nearest = nearestOf(pixel.lab, centres);
      if (nearest !== assignment[index]) moved = true;
      assignment[index] = nearest;
    });
    const sums = centres.map(() => [0, 0, 0, 0]);
    pixels.forEach((pixel, index) => {
      const sum = sums[assignment[index]!]!;
      sum[0]! += pixel.lab[0];
      sum[1]! += pixel.lab[1];
      sum[2]! += pixel.lab[2];
      sum[3]! += 1;
    });
    sums.forEach((sum, index) => {
      if (sum[3]! > 0) centres[index] = [sum[0]! / sum[3]!, sum[1]! / sum[3]!, sum[2]! / sum[3]!];
    });
    if (!moved && round > 0) break;
  }

  const clusters = centres.map(() => ({ count: 0, border: 0, rgb: [0, 0, 0] }));
  let borderTotal = 0;
  pixels.forEach((pixel, index) => {
    const cluster = clusters[assignment[index]!]!;
    cluster.count += 1;
    cluster.rgb[0]! += pixel.rgb[0];
    cluster.rgb[1]! += pixel.rgb[1];
    cluster.rgb[2]! += pixel.rgb[2];
    if (pixel.border) {
      cluster.border += 1;
      borderTotal += 1;
    }
  });

  const named = new Map<string, { count: number; border: number; rgb: Rgb; largest: number }>();
  for (const cluster of clusters) {
    if (cluster.count === 0) continue;
    const rgb: Rgb = [
      cluster.rgb[0]! / cluster.count,
      cluster.rgb[1]! / cluster.count,
      cluster.rgb[2]! / cluster.count,
    ];
    const name = colourNameOf(rgb);
    const known = named.get(name);
    if (!known) {
      named.set(name, {
        count: cluster.count,
        border: cluster.border,
        rgb,
        largest: cluster.count,
      });
      continue;
    }
    known.count += cluster.count;
    known.border += cluster.border;
    if (cluster.count > known.largest) {
      known.rgb = rgb;
      known.largest = cluster.count;
    }
  }
  return [...named.entries()]
    .map(([name, colour]) => {
      const share = colour.count / pixels.length;
      return {
        name,
        hex: hexOf(colour.rgb),
        share: Math.round(share * 1000) / 1000,
        background: borderTotal > 0 && colour.border / borderTotal >= 0.6 && share < 0.85,
      };
    })
    .filter((colour) => colour.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share);
}

function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function nearestOf(lab: Rgb, centres: readonly Rgb[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centres.forEach((centre, index) => {
    const d = distance(lab, centre);
    if (d < bestDistance) {
      bestDistance = d;
      best = index;
    }
  });
  return best;
}

/** The commonest coarse colour first, then each time the pixel farthest from every centre. */
function seeds(labs: readonly Rgb[]): Rgb[] {
  const buckets = new Map<string, { lab: Rgb; count: number }>();
  for (const lab of labs) {
    const key = lab.map((v) => Math.round(v / 8)).join(',');
    const bucket = buckets.get(key);
    if (bucket) bucket.count += 1;
    else buckets.set(key, { lab, count: 1 });
  }
  const commonest = [...buckets.values()].sort((a, b) => b.count - a.count)[0]!;
  const centres: Rgb[] = [commonest.lab];
  while (centres.length < CLUSTERS) {
    let farthest: Rgb | null = null;
    let farthestDistance = DISTINCT;
    for (const lab of labs) {
      const d = Math.min(...centres.map((centre) => distance(lab, centre)));
      if (d > farthestDistance) {
        farthestDistance = d;
        farthest = lab;
      }
    }
    if (!farthest) break;
    centres.push(farthest);
  }
  return centres;
}
