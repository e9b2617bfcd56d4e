// s3rver in a process of its own (started by s3-server.ts): an error inside it — such as the part
// file it cannot find when an aborted multipart upload races a part still being written — stays a
// server's problem, as it would be on a real S3 service, instead of an uncaught error of the tests.
import S3rver from 's3rver';

const [directory, port, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
process.on('uncaughtException', (error) => console.error(`s3rver: ${error.message}`));
process.on('unhandledRejection', (error) => console.error(`s3rver: ${error}`));
await server.run();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  server.httpServer?.closeAllConnections();
  await server.close();
  process.exit(0);
});
