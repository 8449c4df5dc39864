/**
 * The shipped nginx configuration (deploy/nginx.conf, docs/DEPLOY.md) rendered with envsubst as the doc says and run
 * for real in front of two server processes on one throwaway PostgreSQL database. nginx open source has passive
 * health checks only, so what is checked is what it does: requests pass, the live stream passes unbuffered, each
 * client's address reaches the instances, and an instance killed is stepped over without a failed request.
 *
 * Needs `nginx`, `envsubst` and a reachable PostgreSQL: without one, the suite is skipped with the reason in its
 * title and on the console, never silently.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/server';
import {
  findCommand,
  freePort,
  missingFor,
  expectLimitsPerClient,
  expectWriteReachesStreams,
  startBalancer,
  startInstances,
  waitFor,
  type BalancerProcess,
  type Instances,
} from '../support/balancer';

const CONFIG = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');
const TITLE = 'nginx (deploy/nginx.conf) in front of two instances on one PostgreSQL database';
const NGINX = findCommand('nginx', '/usr/sbin/nginx');
/** envsubst has no -v: `--version` tells whether it is there. */
const ENVSUBST = spawnSync('envsubst', ['--version']).status === 0 ? 'envsubst' : undefined;
const VARIABLES = '$MWS_LB_LISTEN $MWS_INSTANCE_1 $MWS_INSTANCE_2 $MWS_LB_RUN_DIR';

const reason = await missingFor({ nginx: NGINX, envsubst: ENVSUBST });
if (reason) {
  console.warn(`${TITLE}: NOT run (${reason})`);
  describe.skip(`${TITLE} (NOT RUN: ${reason})`, () => {
    it('needs nginx, envsubst and PostgreSQL', () => undefined);
  });
} else {
  describe(TITLE, () => {
    let instances: Instances;
    let nginx: BalancerProcess | undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mws-nginx-'));
    const balancer = { url: '' };

    beforeAll(async () => {
      const port = await freePort();
      balancer.url = `http://127.0.0.1:${port}`;
      instances = await startInstances(balancer.url);
      // nginx's workers run as another user when it is started as root: they must reach the run directory.
      fs.chmodSync(dir, 0o755);
      const rendered = spawnSync(ENVSUBST!, [VARIABLES], {
        input: fs.readFileSync(CONFIG, 'utf8'),
        env: {
          ...process.env,
          MWS_LB_LISTEN: `127.0.0.1:${port}`,
          MWS_INSTANCE_1: instances.address(instances.a),
          MWS_INSTANCE_2: instances.address(instances.b),
          MWS_LB_RUN_DIR: dir,
        },
        encoding: 'utf8',
      });
      expect(rendered.status).toBe(0);
      const config = path.join(dir, 'nginx.conf');
      fs.writeFileSync(config, rendered.stdout);
      const tested = spawnSync(NGINX!, ['-t', '-c', config, '-p', dir, '-e', 'stderr'], { encoding: 'utf8' });
      expect(tested.status, tested.stderr).toBe(0);
      nginx = startBalancer(NGINX!, ['-c', config, '-p', dir, '-e', 'stderr', '-g', 'daemon off;'], {});
      await waitFor(
        'nginx answering',
        async () => {
          nginx?.checkRunning();
          const res = await fetch(`${balancer.url}/readyz`).catch(() => undefined);
          return res?.status === 200 ? true : undefined;
        },
        20_000,
      );
    }, 120_000);

    afterAll(async () => {
      await nginx?.stop();
      await instances?.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('passes requests, and the live stream unbuffered: a write through nginx reaches two streams within 2 s', async () => {
      for (let i = 0; i < 4; i++) expect((await call(balancer, 'GET', '/api/users/me')).status).toBe(200);
      await expectWriteReachesStreams(balancer.url);
    });

    it("gives the instances each client's address (X-Forwarded-For, TRUST_PROXY)", async () => {
      await expectLimitsPerClient(balancer.url, '127.0.0.91', '127.0.0.92');
    }, 60_000);

    it('steps over a killed instance (passive checks): no request fails', async () => {
      await instances.b.kill();
      for (let i = 0; i < 20; i++) expect((await call(balancer, 'GET', '/api/users/me')).status).toBe(200);
    }, 60_000);
  });
}
