/**
 * `npm run cluster`: the reference cluster on this machine (README "Reference cluster").
 *
 *   CLUSTER_PORT      HAProxy's port (3000)
 *   DATABASE_URL      the shared database (postgres://postgres@127.0.0.1:5432/kuvert_cluster),
 *                     created when missing and kept between runs
 *   CLUSTER_DATA_DIR  the store's files and the shared data folder (data/cluster)
 *   HAPROXY           the haproxy binary (haproxy on the PATH)
 *
 * Ctrl-C stops everything it started; the instances drain first.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startCluster } from './start-cluster.ts';

const port = Number(process.env.CLUSTER_PORT ?? 3000);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kuvert_cluster';
const dataDir = path.resolve(process.env.CLUSTER_DATA_DIR ?? path.join(REPO_ROOT, 'data/cluster'));
const verbose = process.env.CLUSTER_VERBOSE === '1';
/** The demo password is printed only when it is made: kept here for the next start. */
const demoLoginFile = path.join(dataDir, 'demo-login.json');
/** What the command line needs to reach the same database and store (ports change per run). */
const envFile = path.join(dataDir, 'cluster.env');

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function rememberedDemoLogin(): { email: string; password: string } | undefined {
  if (!existsSync(demoLoginFile)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(demoLoginFile, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  if (!('email' in parsed) || !('password' in parsed)) return undefined;
  return { email: String(parsed.email), password: String(parsed.password) };
}

mkdirSync(dataDir, { recursive: true });
print(`Starting the reference cluster (database ${new URL(databaseUrl).pathname.slice(1)})…`);
const cluster = await startCluster({
  port,
  databaseUrl,
  dataDir,
  haproxyPath: process.env.HAPROXY,
  env: { LOG_LEVEL: verbose ? 'info' : 'warn' },
  log: (line) => {
    if (verbose || /error|fatal|alert/i.test(line)) print(line);
  },
});
if (cluster.demoLogin) writeFileSync(demoLoginFile, JSON.stringify(cluster.demoLogin));
writeFileSync(
  envFile,
  Object.entries(cluster.env)
    .map(([name, value]) => `${name}=${value}\n`)
    .join(''),
);
const demoLogin = cluster.demoLogin ?? rememberedDemoLogin();

print('');
print(`  Kuvert runs at ${cluster.url} (HAProxy, cluster/haproxy.cfg)`);
for (const instance of cluster.instances) print(`    ${instance.name}  ${instance.url}`);
print(`  Database ${databaseUrl}, documents in s3rver (${dataDir}/s3)`);
if (demoLogin) print(`  Demo login — e-mail: ${demoLogin.email}  password: ${demoLogin.password}`);
else {
  // The database had users before this launcher remembered a demo login (made elsewhere).
  print('  The database has accounts already, so no demo was made; log in with yours, or start');
  print(
    `  afresh: dropdb -h 127.0.0.1 -U postgres ${new URL(databaseUrl).pathname.slice(1)}; rm -rf ${path.relative(process.cwd(), dataDir)}`,
  );
}
print(
  `  Command line on it: set -a; . ${path.relative(process.cwd(), envFile)}; set +a; npm run kuvert -- …`,
);
print('  Ctrl-C stops the cluster.');
print('');

let isStopping = false;
async function stop(signal: string): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  print(`${signal}: stopping (the instances drain first)…`);
  await cluster.stop();
  print('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
