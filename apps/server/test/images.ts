import http from 'node:http';
import sharp from 'sharp';
import type { TestClient } from './client';

export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

/**
 * A photo-like JPEG: the left half red, the right half blue, with a little noise so it does not
 * compress to nothing. `orientation` writes an EXIF orientation tag without turning the pixels
 * (6: the camera was held upright, the picture must be turned 90° clockwise to be seen).
 * The EXIF also carries a camera make and a copyright, to prove derivatives drop them.
 */
export async function makeJpeg(
  options: { width?: number; height?: number; orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  const width = options.width ?? 400;
  const height = options.height ?? 200;
  const half = Math.floor(width / 2);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const color = x < half ? RED : BLUE;
      const noise = ((x * 7 + y * 13) % 11) - 5;
      const i = (y * width + x) * 3;
      raw[i] = color.r + noise;
      raw[i + 1] = color.g + noise;
      raw[i + 2] = color.b + noise;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'ListLoop Test Camera', Copyright: 'Test Seller' } })
    .withMetadata(options.orientation ? { orientation: options.orientation } : {})
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}

/** A PNG whose left half is transparent and right half opaque green. */
export async function makePng(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 200;
  const height = options.height ?? 100;
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const opaque = x >= width / 2;
      raw[i] = 0;
      raw[i + 1] = 180;
      raw[i + 2] = 0;
      raw[i + 3] = opaque ? 255 : 0;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
export async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return {
    r: data[i]!,
    g: data[i + 1]!,
    b: data[i + 2]!,
    alpha: info.channels === 4 ? data[i + 3]! : 255,
  };
}

/** Whether a colour is within `tolerance` of another on every channel (JPEG is lossy). */
export function near(
  actual: { r: number; g: number; b: number },
  expected: { r: number; g: number; b: number },
  tolerance = 30,
): boolean {
  return (
    Math.abs(actual.r - expected.r) <= tolerance &&
    Math.abs(actual.g - expected.g) <= tolerance &&
    Math.abs(actual.b - expected.b) <= tolerance
  );
}

/**
 * A GET whose answer is read whole as bytes, on a connection of its own that the server closes
 * after answering. Image answers are streamed: the last bytes can reach the client before the
 * server's response has finished, and a keep-alive connection busy at a server's close is
 * kept for the keep-alive timeout (72 s), which a test that closes its server next would wait.
 */
export function getBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...headers, connection: 'close' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

// ---- tus 1.0 over raw HTTP, as a browser's tus client speaks it --------------------------------

export const TUS = '/api/uploads';

/** As a browser on the server's own page sends them: its Origin, its cookies. */
function tusHeaders(
  baseUrl: string,
  client: TestClient | null,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0', origin: baseUrl, ...extra };
  if (client?.hasCookies()) headers.cookie = client.cookieHeader;
  return headers;
}

/** tus Upload-Metadata: comma-separated "key base64(value)" pairs. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export interface TusAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

async function answer(response: Response): Promise<TusAnswer> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** POST: creates an upload (optionally with its first bytes, creation-with-upload). */
export async function tusCreate(
  baseUrl: string,
  client: TestClient | null,
  options: { length: number; metadata?: Record<string, string>; body?: Buffer },
): Promise<TusAnswer> {
  const headers = tusHeaders(baseUrl, client, { 'Upload-Length': String(options.length) });
  if (options.metadata) headers['Upload-Metadata'] = encodeMetadata(options.metadata);
  if (options.body) headers['Content-Type'] = 'application/offset+octet-stream';
  return answer(
    await fetch(baseUrl + TUS, {
      method: 'POST',
      headers,
      ...(options.body ? { body: new Uint8Array(options.body) } : {}),
    }),
  );
}

/** PATCH: sends bytes from `offset`. */
export async function tusPatch(
  baseUrl: string,
  client: TestClient | null,
  location: string,
  offset: number,
  chunk: Buffer,
): Promise<TusAnswer> {
  return answer(
    await fetch(baseUrl + location, {
      method: 'PATCH',
      headers: tusHeaders(baseUrl, client, {
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: new Uint8Array(chunk),
    }),
  );
}

/** HEAD: how many bytes the server holds. */
export async function tusHead(
  baseUrl: string,
  client: TestClient | null,
  location: string,
): Promise<TusAnswer> {
  return answer(
    await fetch(baseUrl + location, { method: 'HEAD', headers: tusHeaders(baseUrl, client) }),
  );
}

export async function tusDelete(
  baseUrl: string,
  client: TestClient | null,
  location: string,
): Promise<TusAnswer> {
  return answer(
    await fetch(baseUrl + location, { method: 'DELETE', headers: tusHeaders(baseUrl, client) }),
  );
}

/**
 * A whole upload in chunks; answers the final PATCH, whose Upload-Image-Id header names the
 * image the upload became.
 */
export async function tusUpload(
  client: TestClient,
  bytes: Buffer,
  options: { filename?: string; filetype?: string; chunkSize?: number } = {},
): Promise<{ location: string; imageId: string | null; last: TusAnswer }> {
  const created = await tusCreate(client.baseUrl, client, {
    length: bytes.length,
    metadata: {
      filename: options.filename ?? 'photo.jpeg',
      filetype: options.filetype ?? 'image/jpeg',
    },
  });
  if (created.status !== 201) {
    throw new Error(`tus create failed: ${created.status} ${created.text}`);
  }
  const location = created.headers.get('location')!;
  const chunkSize = options.chunkSize ?? 256 * 1024;
  let offset = 0;
  let last = created;
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + chunkSize);
    last = await tusPatch(client.baseUrl, client, location, offset, chunk);
    if (last.status !== 204) return { location, imageId: null, last };
    offset = Number(last.headers.get('upload-offset'));
  }
  return { location, imageId: last.headers.get('upload-image-id'), last };
}
