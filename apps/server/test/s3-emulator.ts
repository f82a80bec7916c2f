import http from 'node:http';
import crypto from 'node:crypto';

interface StoredObject {
  body: Buffer;
  contentType: string;
  lastModified: Date;
  etag: string;
}

export interface S3Emulator {
  endpoint: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** Every request the emulator answered, as "METHOD path?query". */
  requests: string[];
  close(): Promise<void>;
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`;
}

/**
 * A local HTTP server answering the small part of the S3 REST API that S3Storage uses
 * (path-style PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2), so the real AWS
 * SDK is exercised with no network. Signatures are not checked.
 */
export async function startS3Emulator(bucket = 'listloop-test'): Promise<S3Emulator> {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (decodeURIComponent(bucketName) !== bucket) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(errorXml('NoSuchBucket', 'The specified bucket does not exist'));
        return;
      }
      if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(listXml(objects, bucket, url.searchParams));
        return;
      }
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          const body = Buffer.concat(chunks);
          const etag = `"${crypto.createHash('md5').update(body).digest('hex')}"`;
          objects.set(key, {
            body,
            contentType: req.headers['content-type'] ?? 'application/octet-stream',
            lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
            etag,
          });
          res.writeHead(200, { etag });
          res.end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            res.writeHead(404, { 'content-type': 'application/xml' });
            res.end(req.method === 'HEAD' ? undefined : errorXml('NoSuchKey', 'No such key'));
            return;
          }
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
            'last-modified': object.lastModified.toUTCString(),
            etag: object.etag,
          });
          res.end(req.method === 'HEAD' ? undefined : object.body);
          return;
        }
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          res.end();
          return;
        default:
          res.writeHead(405, { 'content-type': 'application/xml' });
          res.end(errorXml('MethodNotAllowed', 'Not emulated'));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('emulator has no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** ListObjectsV2: keys and rolled-up prefixes in one sorted run, paged by MaxKeys. */
function listXml(
  objects: Map<string, StoredObject>,
  bucket: string,
  params: URLSearchParams,
): string {
  const prefix = params.get('prefix') ?? '';
  const delimiter = params.get('delimiter') ?? '';
  const maxKeys = Number(params.get('max-keys') ?? 1000);
  const token = params.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString('utf8') : null;

  const entries = new Map<string, { kind: 'key' | 'prefix' }>();
  for (const key of objects.keys()) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const cut = delimiter ? rest.indexOf(delimiter) : -1;
    if (cut >= 0) entries.set(prefix + rest.slice(0, cut + delimiter.length), { kind: 'prefix' });
    else entries.set(key, { kind: 'key' });
  }
  const sorted = [...entries.keys()].sort().filter((name) => after === null || name > after);
  const page = sorted.slice(0, maxKeys);
  const truncated = sorted.length > page.length;
  const contents = page
    .filter((name) => entries.get(name)?.kind === 'key')
    .map((name) => {
      const object = objects.get(name)!;
      return `<Contents><Key>${xmlEscape(name)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  const prefixes = page
    .filter((name) => entries.get(name)?.kind === 'prefix')
    .map((name) => `<CommonPrefixes><Prefix>${xmlEscape(name)}</Prefix></CommonPrefixes>`)
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>${delimiter ? `<Delimiter>${xmlEscape(delimiter)}</Delimiter>` : ''}<IsTruncated>${truncated}</IsTruncated>${contents}${prefixes}${next}</ListBucketResult>`;
}
