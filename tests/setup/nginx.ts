/**
 * Debian's nginx running the shipped deploy/nginx.conf in front of one or more app servers: its upstream's
 * one `server` line becomes one per server (nginx then takes them in turn, round-robin, with no affinity), and
 * only its addresses, ports and file paths are rendered for a temporary directory. TLS is a self-signed
 * certificate made here. Skipped where /usr/sbin/nginx is missing (CI installs nginx-light).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);
export const NO_NGINX = `${NGINX} is not installed (apt-get install nginx-light)`;
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Nginx {
  /** https://127.0.0.1:port, the address browsers use (PUBLIC_URL). */
  url: string;
  /** The certificate to trust. */
  cert: Buffer;
  stop: () => Promise<void>;
}

/** The https port nginx will listen on, chosen before the app servers start (they need it as PUBLIC_URL). */
export async function nginxAddress(): Promise<{ httpsPort: number; httpPort: number; url: string }> {
  const httpsPort = await freePort();
  return { httpsPort, httpPort: await freePort(), url: `https://127.0.0.1:${httpsPort}` };
}

/**
 * `plain`: the site's server block listens without TLS on `httpsPort` (the bench measures the proxy and the
 * servers, not TLS); `url` is then http://.
 */
export async function startNginx(
  upstreamPorts: number[],
  { httpsPort, httpPort, plain = false }: { httpsPort: number; httpPort: number; plain?: boolean },
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must be able to write the cache and temporary files.
  chmodSync(dir, 0o755);
  for (const sub of ['cache', 'temp', 'logs']) {
    mkdirSync(join(dir, sub), { mode: 0o777 });
    chmodSync(join(dir, sub), 0o777);
  }
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const shipped = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  if (!shipped.includes('server 127.0.0.1:4321;')) throw new Error('deploy/nginx.conf names no upstream server');
  let site = shipped
    .replace('server 127.0.0.1:4321;', upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join('\n    '))
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`)
    .replace('/etc/ssl/certs/skillshelf.pem', join(dir, 'cert.pem'))
    .replace('/etc/ssl/private/skillshelf.key', join(dir, 'key.pem'))
    .replace('/var/cache/nginx/skillshelf', join(dir, 'cache'));
  if (plain)
    site = site
      .replace(`listen 127.0.0.1:${httpsPort} ssl http2;`, `listen 127.0.0.1:${httpsPort};`)
      .replace(/^\s*ssl_.*$/gm, '');
  writeFileSync(join(dir, 'site.conf'), site);
  const temp = join(dir, 'temp');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'logs/error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n` +
      ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .map((kind) => `  ${kind}_temp_path ${join(temp, kind)};\n`)
        .join('') +
      `  include ${join(dir, 'site.conf')};\n}\n`,
  );
  let log = '';
  const nginx: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs/error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  nginx.stdout!.on('data', (chunk) => (log += chunk));
  nginx.stderr!.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) =>
        httpRequest({ host: '127.0.0.1', port: httpPort, path: '/', agent: false }, (res) => {
          res.resume();
          resolve();
        })
          .on('error', reject)
          .end(),
      );
      break;
    } catch {
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: `${plain ? 'http' : 'https'}://127.0.0.1:${httpsPort}`,
    cert: readFileSync(join(dir, 'cert.pem')),
    stop: async () => {
      if (nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
