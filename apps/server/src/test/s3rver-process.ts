/**
 * s3rver in a process of its own, so that the test measuring a store's memory measures the
 * store alone. Usage: node s3rver-process.ts <directory>; prints `{"port":…}` when listening
 * and stops when its standard input closes (when the test process ends, however it ends).
 */
import S3rver from 's3rver';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.ts <directory>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
