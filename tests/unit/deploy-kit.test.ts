import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { HTTP_SERVER_OPTIONS } from '../../src/server/http/http-options.ts';

/**
 * The deploy kit as files a seller copies: the Dockerfile (no image can be pulled here, so it is
 * parsed, not built), compose.yaml, the systemd unit (parsed, and checked by systemd-analyze) and
 * the Caddyfile (read, and adapted by Caddy itself).
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile → stages of instructions (comments dropped, `\` continuations joined). */
function parseDockerfile(text: string): Instruction[][] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

const nvmrc = read('.nvmrc').trim();

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const final = stages.at(-1)!;
  const all = (stage: Instruction[], keyword: string) => stage.filter((instruction) => instruction.keyword === keyword);

  it('is multi-stage on the official Node LTS slim image, pinned to the version of .nvmrc', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const image = stage[0]!.args.split(/\s+/)[0]!;
      const match = /^node:(\d+)\.(\d+)\.(\d+)-[a-z]+-slim$/.exec(image);
      expect(match, image).not.toBeNull();
      // Even majors are the LTS lines.
      expect(Number(match![1]) % 2, image).toBe(0);
      expect(image, 'the version .nvmrc names').toBe(`node:${nvmrc}-bookworm-slim`);
    }
  });

  it('installs only production dependencies in the final stage and runs the prebuilt server', () => {
    const runs = all(final, 'RUN').map((instruction) => instruction.args);
    expect(runs.some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    expect(runs.some((run) => /\bnpm (ci|install)\b(?!.*--omit=dev)/.test(run))).toBe(false);
    expect(runs.some((run) => /npm run build/.test(run))).toBe(false);
    const copied = all(final, 'COPY').map((instruction) => instruction.args);
    expect(copied).toContain('--from=build /app/dist/server ./dist/server');
    // Without `__proto__` on any object, as every way the server starts (tests/faults/hostile-proto-flag.test.ts).
    expect(all(final, 'CMD')[0]?.args).toBe('["node", "--disable-proto=throw", "--max-semi-space-size=2", "dist/server/main.js"]');
    // The build writes the server where CMD looks for it.
    expect(read('scripts/build.ts')).toContain("'server/main': 'src/server/main.ts'");
  });

  it('runs as a non-root user, after the last step that needs root', () => {
    const users = all(final, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]!.args).not.toMatch(/^(root|0)(:|$)/);
    const userAt = final.indexOf(users[0]!);
    expect(final.slice(userAt).some((instruction) => instruction.keyword === 'RUN')).toBe(false);
  });

  it('keeps /app/data in a volume, owned by that user, where DATA_DIR points', () => {
    expect(all(final, 'VOLUME').map((instruction) => instruction.args)).toContain('["/app/data"]');
    expect(all(final, 'RUN').some((instruction) => instruction.args.includes('chown node:node /app/data'))).toBe(true);
    expect(all(final, 'ENV')[0]?.args).toMatch(/DATA_DIR=\/app\/data/);
  });

  it('has a HEALTHCHECK on /healthz at the port the server listens on', () => {
    const [healthcheck] = all(final, 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/CMD .*\/healthz/);
    expect(healthcheck?.args).toContain('process.env.PORT');
  });

  it('never copies .env or the data folder into an image', () => {
    for (const stage of stages) {
      for (const copy of all(stage, 'COPY')) {
        const sources = copy.args
          .split(/\s+/)
          .filter((arg) => !arg.startsWith('--'))
          .slice(0, -1);
        for (const source of sources) expect(source, copy.args).not.toMatch(/(^|\/)(\.env|data)(\/|$)/);
      }
    }
    // `COPY . .` in the build stage sends the whole folder but what .dockerignore leaves out.
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const pattern of ['.env', '.env.*', 'data/', 'node_modules/', 'dist/', '*.sqlite']) expect(ignored, pattern).toContain(pattern);
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<
      string,
      {
        image?: string;
        build?: string;
        environment?: Record<string, string>;
        ports?: string[];
        volumes?: string[];
        depends_on?: Record<string, { condition: string }>;
        healthcheck?: { test: string[] };
      }
    >;
  };
  const { postgres, vitrine } = compose.services;

  it('runs PostgreSQL (pinned, with a health check) and starts Vitrine once it is healthy', () => {
    expect(postgres?.image).toMatch(/^postgres:\d+\.\d+/);
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(vitrine?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(vitrine?.build).toBe('.');
  });

  it('points Vitrine at that PostgreSQL, keeps its data in a volume and publishes on loopback only', () => {
    expect(new URL(vitrine!.environment!.DATABASE_URL!.replace(/\$\{[^}]+\}/, 'pw')).host).toBe('postgres:5432');
    expect(vitrine?.environment?.DATA_DIR).toBe('/app/data');
    expect(vitrine?.volumes?.some((volume) => volume.endsWith(':/app/data'))).toBe(true);
    expect(vitrine?.ports?.every((port) => port.startsWith('127.0.0.1:'))).toBe(true);
  });
});

/** The unit's `[Service]` keys (a key may repeat). */
function parseUnit(text: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else {
      const [key = '', ...value] = line.split('=');
      keys.set(`${section}.${key}`, [...(keys.get(`${section}.${key}`) ?? []), value.join('=')]);
    }
  }
  return keys;
}

describe('deploy/vitrine.service', () => {
  const text = read('deploy/vitrine.service');
  const unit = parseUnit(text);
  const one = (key: string) => unit.get(key)?.at(-1);

  it('runs the built server as a non-root user, restarts on failure, reads an environment file', () => {
    expect(one('Service.User')).toBe('vitrine');
    expect(one('Service.Restart')).toBe('on-failure');
    expect(one('Service.EnvironmentFile')).toBe('/etc/vitrine/vitrine.env');
    expect(one('Service.ExecStart')).toBe('/usr/bin/node --disable-proto=throw --max-semi-space-size=2 /opt/vitrine/dist/server/main.js');
    expect(one('Service.KillSignal')).toBe('SIGTERM');
    expect(one('Install.WantedBy')).toBe('multi-user.target');
  });

  it('is hardened: no new privileges, read-only system, writable data folder only', () => {
    expect(one('Service.NoNewPrivileges')).toBe('yes');
    expect(one('Service.ProtectSystem')).toBe('strict');
    expect(one('Service.ProtectHome')).toBe('yes');
    expect(one('Service.PrivateTmp')).toBe('yes');
    expect(one('Service.CapabilityBoundingSet')).toBe('');
    const dataDir = /DATA_DIR=(\S+)/.exec(one('Service.Environment') ?? '')?.[1];
    expect(dataDir).toBe('/opt/vitrine/data');
    expect(one('Service.ReadWritePaths')).toBe(dataDir);
    // V8 needs writable executable memory; this directive would crash Node at start.
    expect(unit.has('Service.MemoryDenyWriteExecute')).toBe(false);
  });

  it('passes systemd-analyze verify, which does catch a bad key', () => {
    const probe = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
    expect(probe.error, 'systemd-analyze is needed for this check (Debian: apt-get install systemd)').toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-unit-'));
    const verify = (content: string) => {
      const file = path.join(dir, 'vitrine.service');
      // verify checks that ExecStart's program exists: point it at this machine's node.
      fs.writeFileSync(file, content.replace('/usr/bin/node ', `${process.execPath} `));
      const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
      return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
    };
    try {
      expect(verify(text)).toEqual({ status: 0, output: '' });
      const broken = verify(text.replace('Restart=on-failure', 'Restart=sometimes').replace('ProtectHome=yes', 'ProtectHom=yes'));
      expect(broken.output).toContain("Unknown key 'ProtectHom'");
      expect(broken.output).toContain('restart specifier');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/Caddyfile', () => {
  const text = read('deploy/Caddyfile');

  it('proxies to the server on loopback, checks /readyz, passes a request id, and names TRUST_PROXY_HOPS=1', () => {
    expect(text).toMatch(/^\s*reverse_proxy 127\.0\.0\.1:3000 \{$/m);
    expect(text).toMatch(/^\s*health_uri \/readyz$/m);
    expect(text).toMatch(/^\s*header_up X-Request-Id \{http\.request\.uuid\}$/m);
    expect(text).toContain('TRUST_PROXY_HOPS=1');
  });

  it('is a configuration Caddy accepts (caddy adapt) that lets idle connections to the server go before the server does', () => {
    const probe = spawnSync('caddy', ['version'], { encoding: 'utf8' });
    expect(probe.error, 'Caddy is needed for this check (Debian: apt-get install caddy)').toBeUndefined();
    const adapted = spawnSync('caddy', ['adapt', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      encoding: 'utf8',
    });
    expect(adapted.status, adapted.stderr).toBe(0);
    const proxy = JSON.stringify(JSON.parse(adapted.stdout));
    expect(proxy).toContain('"upstreams":[{"dial":"127.0.0.1:3000"}]');
    expect(proxy).toContain('"uri":"/readyz"');
    expect(proxy).toContain('"X-Request-Id":["{http.request.uuid}"]');
    // Caddy's default is 2 minutes: it would send requests on connections the server is closing.
    const idleNanoseconds = Number(/"keep_alive":\{"idle_timeout":(\d+)\}/.exec(proxy)?.[1]);
    expect(idleNanoseconds / 1e6, 'reverse_proxy transport http keepalive, in ms').toBeLessThan(HTTP_SERVER_OPTIONS.keepAliveTimeout);
  });
});
