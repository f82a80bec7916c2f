// s3rver in a process of its own, started by s3-server.ts with --openssl-legacy-provider:
// s3rver 3.7 makes ListObjectsV2 continuation tokens with DES, which Node 17+ (OpenSSL 3)
// refuses unless the legacy provider is loaded, and that can only be done at process start.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const instance = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await instance.run();
// Every request, in arrival order, for the tests that inspect what the SDK sent.
instance.httpServer.prependListener('request', (req) => {
  process.send({ request: `${req.method} ${req.url}` });
});
process.on('message', async (message) => {
  if (message.createBucket) await instance.store.putBucket(message.createBucket);
  // IPC is ordered: this answer follows every request reported before it.
  process.send({ done: message.id });
});
// The test process is gone (or closed us): stop with it.
process.on('disconnect', () => process.exit(0));
process.send({ port: address.port });
