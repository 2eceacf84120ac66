// CI's check of the deploy files, without a cluster or a Docker engine: every Kubernetes object against
// the Kubernetes API schemas (kubernetes-models, generated from the API's OpenAPI), the compose file
// against the Compose specification's schema (dclint), and the wiring between them (names, selectors, probes).
const { spawn, spawnSync } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const YAML = require('yaml');

const root = join(__dirname, '..', '..');
const k8sDir = join(__dirname, 'k8s');
const SERVICES = ['billing', 'stores', 'search', 'analytics', 'feedback', 'registry', 'gateway'];
const { SERVICES: MIGRATED } = require('../bin/migrate');
const { Client } = require('pg');
const { createTestDatabase } = require('../test-database');
const { ownerServerLines } = require('../bench/scale/haproxy-config');

const docsOf = (file) =>
  YAML.parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
    return d.toJS();
  });

const kustomization = YAML.parse(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8'));
const objects = [...kustomization.resources, 'secrets.example.yaml'].flatMap((file) =>
  docsOf(file).map((object) => ({ file, object })),
);
const ofKind = (kind) => objects.filter((o) => o.object.kind === kind).map((o) => o.object);
const named = (kind, name) => ofKind(kind).find((o) => o.metadata.name === name);
/** The Deployments and StatefulSets (search's replicas are numbered pods). */
const workloads = () => [...ofKind('Deployment'), ...ofKind('StatefulSet')];
/** ConfigMaps kustomize generates from files (configMapGenerator). */
const generated = kustomization.configMapGenerator ?? [];

/** An ini file (PgBouncer's) as { section: { key: value } }; ; and # start comments. */
function parseIni(text) {
  const sections = {};
  let section;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s*[;#].*$/, '').trim();
    if (!line) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) sections[(section = head[1])] = {};
    else {
      const [key, value] = line.split(/=(.*)/s).map((p) => p.trim());
      sections[section][key] = value;
    }
  }
  return sections;
}

/** A free loopback port. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The container port a probe or a Service's targetPort names (by name or number). */
const portOf = (container, port) =>
  typeof port === 'number' ? port : container.ports.find((p) => p.name === port)?.containerPort;

/** The kubernetes-models class of an object, e.g. apps/v1 Deployment -> kubernetes-models/apps/v1/Deployment. */
function modelOf({ apiVersion, kind }) {
  return require(`kubernetes-models/${apiVersion}/${kind}`)[kind];
}

describe('Kubernetes manifests (infra/deploy/k8s)', () => {
  it('lists every manifest file in kustomization.yaml, and only files that exist', () => {
    const files = readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources, 'secrets.example.yaml'].sort()).toEqual(files.sort());
    for (const file of generated.flatMap((g) => g.files))
      expect({ file, exists: existsSync(join(k8sDir, file)) }).toEqual({ file, exists: true });
  });

  it.each(objects.map((o) => [`${o.file}: ${o.object.kind} ${o.object.metadata?.name}`, o.object]))(
    '%s is valid against the Kubernetes API schema',
    (_name, object) => {
      const Model = modelOf(object);
      expect(() => new Model(object).validate()).not.toThrow();
    },
  );

  it('runs every service, each with resources, probes split into liveness and readiness, and a disruption budget', () => {
    const deployments = workloads().filter((d) => d.spec.template.spec.containers[0].image === 'sniff');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      const name = d.metadata.name;
      expect({ name, labels: d.spec.template.metadata.labels.app }).toEqual({ name, labels: name });
      expect({ name, selector: d.spec.selector.matchLabels }).toEqual({ name, selector: { app: name } });
      expect(container.env).toContainEqual({ name: 'SERVICE', value: name });
      for (const part of ['requests', 'limits']) expect(container.resources[part].memory).toBeDefined();
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container.envFrom).toEqual([
        { configMapRef: { name: 'sniff-config' } },
        { secretRef: { name: 'sniff-secrets' } },
      ]);
      expect(ofKind('Service').some((s) => s.spec.selector.app === name)).toBe(true);
      expect(ofKind('PodDisruptionBudget').some((p) => p.spec.selector.matchLabels.app === name)).toBe(true);
    }
  });

  it('autoscales the gateway (search grows by its replicas and search-lb.cfg together), and sends HTTPS traffic to the gateway', () => {
    const scaled = ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(['gateway']);
    const [ingress] = ofKind('Ingress');
    expect(ingress.spec.tls[0].secretName).toBeTruthy();
    expect(ingress.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
  });

  describe('search tier: HAProxy placing stores on search workers (search-lb)', () => {
    const cfgFile = join(k8sDir, 'search-lb.cfg');
    const cfg = readFileSync(cfgFile, 'utf8');
    const lb = named('Deployment', 'search-lb');
    const search = named('StatefulSet', 'search');
    const workers = named('Service', 'search-workers');

    it('is valid HAProxy configuration (haproxy -c, the real binary)', () => {
      const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
      const run = spawnSync(haproxy, ['-c', '-f', cfgFile], { encoding: 'utf8' });
      expect(run.error).toBeUndefined(); // CI installs Debian's haproxy (.ci/run)
      expect({ status: run.status, output: `${run.stdout}${run.stderr}`.trim() }).toEqual({
        status: 0,
        output: 'Configuration file is valid',
      });
    });

    it('runs as a Deployment of the official image, pinned, with the committed file read only', () => {
      expect(lb).toBeDefined();
      expect(lb.spec.replicas).toBeGreaterThanOrEqual(2);
      const spec = lb.spec.template.spec;
      const [haproxy] = spec.containers;
      expect(haproxy.image).toMatch(/^haproxy:2\.6\.\d+$/);
      // The ConfigMap kustomize generates from search-lb.cfg, mounted read only, is the file HAProxy reads.
      const source = generated.find((g) => g.files?.includes('search-lb.cfg'));
      expect(source).toBeDefined();
      const volume = spec.volumes.find((v) => v.configMap?.name === source.name);
      const mount = haproxy.volumeMounts.find((m) => m.name === volume?.name);
      expect(mount.readOnly).toBe(true);
      expect(haproxy.args).toEqual(['haproxy', '-f', `${mount.mountPath}/search-lb.cfg`]);
      expect(haproxy.securityContext.readOnlyRootFilesystem).toBe(true);
      for (const part of ['requests', 'limits']) expect(haproxy.resources[part].memory).toBeDefined();
      expect(named('PodDisruptionBudget', 'search-lb').spec.selector.matchLabels).toEqual({ app: 'search-lb' });
    });

    it("probes and exposes to Prometheus the configuration's stats frontend, and serves what it binds", () => {
      const [haproxy] = lb.spec.template.spec.containers;
      const stats = Number(/frontend stats\n\s+bind :(\d+)/.exec(cfg)?.[1]);
      const front = Number(/frontend search\n\s+bind :(\d+)/.exec(cfg)?.[1]);
      expect([stats, front]).toEqual([8404, 8080]);
      expect(cfg).toMatch(/monitor-uri \/healthz\n/);
      expect(cfg).toMatch(/use-service prometheus-exporter if \{ path \/metrics \}/);
      for (const probe of [haproxy.livenessProbe, haproxy.readinessProbe]) {
        expect({ path: probe.httpGet.path, port: portOf(haproxy, probe.httpGet.port) }).toEqual({
          path: '/healthz',
          port: stats,
        });
      }
      expect(lb.spec.template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(stats),
        'prometheus.io/path': '/metrics',
      });
      // SEARCH_URL (http://search) goes through HAProxy's frontend.
      expect(ofKind('ConfigMap')[0].data.SEARCH_URL).toBe('http://search');
      const service = named('Service', 'search');
      expect(service.spec.selector).toEqual({ app: 'search-lb' });
      expect(portOf(haproxy, service.spec.ports[0].targetPort)).toBe(front);
    });

    it('finds every search worker through the headless Service search-workers', () => {
      expect(workers.spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: false });
      expect(workers.spec.selector).toEqual(search.spec.selector.matchLabels);
      const [app] = search.spec.template.spec.containers;
      const env = Object.fromEntries(app.env.map((e) => [e.name, e.value]));
      const count = Number(env.SEARCH_WORKERS);
      expect(env.SEARCH_WORKER_PORT).toBe('8081');
      // http: the shared port; w<i>: worker i's, SEARCH_WORKER_PORT + i, on the container and the Service.
      const expected = [
        { name: 'http', port: 8080 },
        ...Array.from({ length: count }, (_, i) => ({ name: `w${i}`, port: Number(env.SEARCH_WORKER_PORT) + i })),
      ];
      expect(workers.spec.ports.map((p) => ({ name: p.name, port: p.port }))).toEqual(expected);
      for (const p of workers.spec.ports)
        expect({ name: p.name, port: portOf(app, p.targetPort) }).toEqual({ name: p.name, port: p.port });
      // The backend any's server-template looks up the SRV record of the shared port, in our namespace.
      const lookups = [...cfg.matchAll(/^\s*server-template \S+ \d+ (\S+)/gm)].map((m) => m[1]);
      expect(lookups).toEqual([`_http._tcp.search-workers.${kustomization.namespace}.svc.cluster.local`]);
    });

    it("gives each store's two owners to two replicas: the owner backends name every pod's workers, by the rule", () => {
      // The StatefulSet's pods by name in its headless Service: replica k is search-k.search-workers.
      expect(search.spec.serviceName).toBe(workers.metadata.name);
      const [app] = search.spec.template.spec.containers;
      const env = Object.fromEntries(app.env.map((e) => [e.name, e.value]));
      const ports = Array.from({ length: Number(env.SEARCH_WORKERS) }, (_, i) => Number(env.SEARCH_WORKER_PORT) + i);
      const replicas = Array.from({ length: search.spec.replicas }, (_, k) => ({
        host: `${search.metadata.name}-${k}.${workers.metadata.name}.${kustomization.namespace}.svc.cluster.local`,
        ports,
      }));
      const linesOf = (backend) =>
        new RegExp(`^backend ${backend}\\n((?:[ \\t]+.*\\n)*)`, 'm')
          .exec(cfg)?.[1]
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.startsWith('server'));
      for (const owner of [0, 1]) {
        expect({ owner, lines: linesOf(`owner${owner}`) }).toEqual({
          owner,
          lines: ownerServerLines({ replicas, owner, options: 'resolvers cluster init-addr none' }),
        });
      }
      // Both backends hash the store id (the variable the frontend sets) on a consistent ring, and the frontend
      // sends a store's searches to one or the other at random, so both owners share its load.
      expect(cfg.match(/^\s+balance hash var\(txn\.store\)\n\s+hash-type consistent$/gm)).toHaveLength(2);
      expect(cfg).toMatch(/^\s+http-request set-var\(txn\.store\) path,field\(4,\/\)$/m);
      expect(cfg).toMatch(
        /^\s+use_backend owner1 if store_path \{ rand\(2\) eq 1 \}\n\s+use_backend owner0 if store_path$/m,
      );
    });
  });

  describe('database connections: PgBouncer in transaction mode (pgbouncer)', () => {
    const iniFile = join(k8sDir, 'pgbouncer.ini');
    const ini = parseIni(readFileSync(iniFile, 'utf8'));
    const settings = ini.pgbouncer ?? {};
    const bouncer = named('Deployment', 'pgbouncer');
    const fromDirect = (name) => ({
      name,
      valueFrom: { secretKeyRef: { name: 'sniff-secrets', key: 'DATABASE_DIRECT_URL' } },
    });
    /** The Deployments of the services with a schema. */
    const apps = () => workloads().filter((d) => MIGRATED.includes(d.spec.template.spec.containers[0].env?.[0]?.value));
    const direct = (d) => d.spec.template.spec.containers[0].env.some((e) => e.name === 'DATABASE_URL');

    it('pools by transaction, in every database it serves', () => {
      expect(settings.pool_mode).toBe('transaction');
      expect(Object.keys(ini.databases ?? {}).length).toBeGreaterThan(0);
      for (const [db, line] of Object.entries(ini.databases)) {
        expect({ db, mode: /pool_mode=(\w+)/.exec(line)?.[1] ?? settings.pool_mode }).toEqual({
          db,
          mode: 'transaction',
        });
      }
    });

    it('runs as a Deployment of a pinned image with the committed file read only, behind the Service pgbouncer', () => {
      expect(bouncer).toBeDefined();
      expect(bouncer.spec.replicas).toBeGreaterThanOrEqual(2);
      const spec = bouncer.spec.template.spec;
      const [container] = spec.containers;
      expect(container.image).toMatch(/^ghcr\.io\/cloudnative-pg\/pgbouncer:\d+\.\d+\.\d+$/);
      const mountOf = (volume) => container.volumeMounts.find((m) => m.name === volume?.name);
      const source = generated.find((g) => g.files?.includes('pgbouncer.ini'));
      const config = mountOf(spec.volumes.find((v) => v.configMap?.name === source?.name));
      expect(config.readOnly).toBe(true);
      expect(container.command).toEqual(['pgbouncer', `${config.mountPath}/pgbouncer.ini`]);
      // The userlist comes from a Secret that secrets.example.yaml describes.
      const auth = mountOf(spec.volumes.find((v) => v.secret));
      const secret = named('Secret', spec.volumes.find((v) => v.name === auth.name).secret.secretName);
      expect(settings.auth_file).toBe(`${auth.mountPath}/userlist.txt`);
      expect(Object.keys(secret.stringData)).toEqual(['userlist.txt']);
      expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(settings.unix_socket_dir).toBe(''); // no socket file on a read-only filesystem
      for (const part of ['requests', 'limits']) expect(container.resources[part].memory).toBeDefined();
      const listen = Number(settings.listen_port);
      for (const probe of [container.livenessProbe, container.readinessProbe]) {
        expect(portOf(container, probe.tcpSocket.port)).toBe(listen);
      }
      const service = named('Service', 'pgbouncer');
      expect(service.spec.selector).toEqual({ app: 'pgbouncer' });
      expect(portOf(container, service.spec.ports[0].targetPort)).toBe(listen);
      expect(named('PodDisruptionBudget', 'pgbouncer').spec.selector.matchLabels).toEqual({ app: 'pgbouncer' });
    });

    it('takes the services, and sends what needs a session straight to Postgres', () => {
      const urls = named('Secret', 'sniff-secrets').stringData;
      const pooled = new URL(urls.DATABASE_URL);
      const straight = new URL(urls.DATABASE_DIRECT_URL);
      expect([pooled.hostname, Number(pooled.port)]).toEqual([
        'pgbouncer',
        named('Service', 'pgbouncer').spec.ports[0].port,
      ]);
      // PgBouncer's database of that name is the direct URL's database.
      const db = ini.databases[pooled.pathname.slice(1)];
      expect(db).toBeDefined();
      const target = Object.fromEntries(db.split(/\s+/).map((kv) => kv.split('=')));
      expect(target).toMatchObject({
        host: straight.hostname,
        port: straight.port,
        dbname: straight.pathname.slice(1),
      });
      // Migrations (the Job, the pods' wait) and LISTEN need a session; so does billing (a session lock).
      expect(ofKind('Job')[0].spec.template.spec.containers[0].env).toContainEqual(fromDirect('DATABASE_URL'));
      for (const c of containers().filter((c) => c.container.name === 'wait-for-migrations')) {
        expect({ where: c.where, env: c.container.env }).toEqual({ where: c.where, env: [fromDirect('DATABASE_URL')] });
      }
      expect(named('StatefulSet', 'search').spec.template.spec.containers[0].env).toContainEqual(
        fromDirect('DATABASE_LISTEN_URL'),
      );
      expect(
        apps()
          .filter(direct)
          .map((d) => d.metadata.name),
      ).toEqual(['billing']);
      expect(named('Deployment', 'billing').spec.template.spec.containers[0].env).toContainEqual(
        fromDirect('DATABASE_URL'),
      );
    });

    it("keeps Postgres under its default max_connections, and PgBouncer takes every client (pgbouncer.ini's sums)", () => {
      const { DEFAULT_DATABASE_POOL_MAX, DEFAULT_QUEUE_POOL_MAX } = require('../../services/kit/src/config');
      const shared = ofKind('ConfigMap')[0].data;
      const envOf = (d) => ({
        ...shared,
        ...Object.fromEntries(d.spec.template.spec.containers[0].env.map((e) => [e.name, e.value])),
      });
      /** Pods at most: the autoscaler's maximum, or the replicas, and one more during a Deployment's rollout
       * (a StatefulSet replaces its pods one by one, never more than its replicas). */
      const mostPods = (d) => {
        const hpa = ofKind('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.name === d.metadata.name);
        const surge = d.kind === 'StatefulSet' ? 0 : (d.spec.strategy?.rollingUpdate?.maxSurge ?? 1);
        if (typeof surge !== 'number') throw new Error(`${d.metadata.name}: count maxSurge as a number`);
        return (hpa?.spec.maxReplicas ?? d.spec.replicas) + surge;
      };
      const processes = (d) => mostPods(d) * Number(envOf(d).SEARCH_WORKERS ?? 1);
      const pools = (d) =>
        Number(envOf(d).DATABASE_POOL_MAX ?? DEFAULT_DATABASE_POOL_MAX) +
        Number(envOf(d).QUEUE_POOL_MAX ?? DEFAULT_QUEUE_POOL_MAX);
      const sum = (list, f) => list.reduce((total, d) => total + f(d), 0);

      const clients = sum(
        apps().filter((d) => !direct(d)),
        (d) => processes(d) * pools(d),
      );
      expect(Number(settings.max_client_conn)).toBeGreaterThanOrEqual(clients);

      // The migrate Job 2, one init container per Deployment rolling out, psql and monitoring 5.
      const others = 2 + apps().length + 5;
      const listening = sum(
        apps().filter((d) => d.spec.template.spec.containers[0].env.some((e) => e.name === 'DATABASE_LISTEN_URL')),
        processes,
      );
      const straight = sum(apps().filter(direct), (d) => processes(d) * pools(d)) + listening + others;
      const pooled = mostPods(bouncer) * Number(settings.max_db_connections);
      expect(Number(settings.default_pool_size) + Number(settings.reserve_pool_size ?? 0)).toBeLessThanOrEqual(
        Number(settings.max_db_connections),
      );
      expect({ straight, pooled, total: straight + pooled }).toEqual({ straight: 43, pooled: 36, total: 79 });
      expect(straight + pooled).toBeLessThanOrEqual(100 - 3); // max_connections - superuser_reserved_connections
    });

    it('is a configuration PgBouncer accepts, passing transactions to Postgres (the real binary)', async () => {
      const db = await createTestDatabase();
      const dir = mkdtempSync(join(tmpdir(), 'sniff-pgbouncer-'));
      let bouncer;
      try {
        // The committed file, with only where it listens, its userlist and its server swapped for the test's.
        const server = new URL(db.url);
        const port = await freePort();
        const user = decodeURIComponent(server.username);
        writeFileSync(join(dir, 'userlist.txt'), `"${user}" "test-password"\n`);
        const text = readFileSync(iniFile, 'utf8')
          .replace(/^listen_addr = .*$/m, 'listen_addr = 127.0.0.1')
          .replace(/^listen_port = .*$/m, `listen_port = ${port}`)
          .replace(/^auth_file = .*$/m, `auth_file = ${join(dir, 'userlist.txt')}`)
          .replace(
            /^sniff = .*$/m,
            `sniff = host=${server.hostname} port=${server.port || 5432} dbname=${server.pathname.slice(1)}`,
          );
        writeFileSync(join(dir, 'pgbouncer.ini'), text);
        const binary = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
        // PgBouncer refuses to run as root (CI's containers): then as nobody, who must read the files.
        const asRoot = process.getuid?.() === 0;
        if (asRoot) chmodSync(dir, 0o755);
        bouncer = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let log = '';
        let over = false;
        bouncer.stderr.on('data', (d) => (log += d));
        const exited = new Promise((resolve) =>
          bouncer.on('exit', resolve).on('error', (err) => resolve((log += err.message))),
        ).then(() => (over = true));
        const connected = (async () => {
          for (let i = 0; ; i++) {
            const attempt = new Client({ host: '127.0.0.1', port, user, password: 'test-password', database: 'sniff' });
            try {
              await attempt.connect();
              return attempt;
            } catch (err) {
              if (over || i > 50) throw err;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
        })();
        // A configuration PgBouncer refuses ends it at once (FATAL cannot load config file).
        const first = await Promise.race([connected.then(() => 'connected'), exited.then(() => 'exited')]);
        expect({ first, log: first === 'exited' ? log : '' }).toEqual({ first: 'connected', log: '' });
        const client = await connected;
        try {
          await client.query('BEGIN');
          const { rows } = await client.query('SELECT current_database() AS name');
          await client.query('COMMIT');
          expect(rows[0].name).toBe(server.pathname.slice(1));
        } finally {
          await client.end();
        }
      } finally {
        bouncer?.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        await db.drop();
      }
    }, 30_000);
  });

  it('runs the migrations as a Job, and the services do not run them at start', () => {
    const [job] = ofKind('Job');
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'infra/bin/migrate.js']);
    expect(existsSync(join(root, 'infra', 'bin', 'migrate.js'))).toBe(true);
    expect(ofKind('ConfigMap')[0].data.MIGRATE_ON_START).toBe('false');
  });

  it("starts no pod that uses the database before the Job has applied its image's migrations", () => {
    // The services that own a schema (migrate.js's list); the gateway has none.
    const users = workloads().filter((d) =>
      d.spec.template.spec.containers.some((c) => MIGRATED.includes(c.env?.find((e) => e.name === 'SERVICE')?.value)),
    );
    expect(users.map((d) => d.metadata.name).sort()).toEqual([...MIGRATED].sort());
    expect(existsSync(join(root, 'infra', 'bin', 'wait-for-migrations.js'))).toBe(true);
    for (const d of users) {
      const name = d.metadata.name;
      const [app] = d.spec.template.spec.containers;
      const wait = d.spec.template.spec.initContainers?.find((c) => c.name === 'wait-for-migrations');
      expect({ name, wait: !!wait }).toEqual({ name, wait: true });
      expect({ name, image: wait.image, command: wait.command }).toEqual({
        name,
        image: app.image,
        command: ['node', 'infra/bin/wait-for-migrations.js'],
      });
      expect({ name, envFrom: wait.envFrom, securityContext: wait.securityContext }).toEqual({
        name,
        envFrom: app.envFrom,
        securityContext: app.securityContext,
      });
      expect(wait.resources.limits.memory).toBeDefined();
      expect(wait.resources.requests.memory).toBeDefined();
    }
  });
});

describe('compose file (infra/deploy/compose.yaml)', () => {
  const compose = YAML.parse(readFileSync(join(__dirname, 'compose.yaml'), 'utf8'), { merge: true });

  it('is valid against the Compose specification (dclint, with its bundled official schema)', () => {
    const dclint = join(root, 'node_modules', '.bin', 'dclint');
    const config = join(__dirname, 'dclint.json');
    const compose = join(__dirname, 'compose.yaml');
    const run = spawnSync(dclint, ['-c', config, '--color', 'false', compose], { encoding: 'utf8' });
    expect({ status: run.status, output: run.stdout.trim() }).toEqual({ status: 0, output: '' });
  });

  it('starts each service after the migrations, and the gateway after every service is healthy', () => {
    for (const name of SERVICES) {
      const s = compose.services[name];
      expect({ name, migrate: s.depends_on.migrate }).toEqual({
        name,
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(s.healthcheck.test.join(' ')).toContain('/readyz');
    }
    for (const name of SERVICES.filter((s) => s !== 'gateway')) {
      expect(compose.services.gateway.depends_on[name]).toEqual({ condition: 'service_healthy' });
    }
    expect(compose.services.migrate.depends_on.postgres).toEqual({ condition: 'service_healthy' });
  });
});

/** The tag of an image reference (registry:port/name:tag@digest), or undefined when it has none. */
const tagOf = (image) => /:([^/@]+)(@|$)/.exec(image.slice(image.lastIndexOf('/') + 1))?.[1];

/** Every container and init container of the Kubernetes workloads, with where it is. */
const containers = () =>
  [...workloads(), ...ofKind('Job')].flatMap((w) =>
    [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers].map((c) => ({
      where: `${w.kind} ${w.metadata.name} ${c.name}`,
      container: c,
      pod: w.spec.template.spec,
    })),
  );

describe('image tags', () => {
  const version = require(join(root, 'package.json')).version;
  const compose = YAML.parse(readFileSync(join(__dirname, 'compose.yaml'), 'utf8'), { merge: true });

  /** The image each reference pulls: kustomization.yaml's newTag for Sniff's own, compose's default for ${…}. */
  function pulled(image) {
    const set = kustomization.images?.find((i) => i.name === image);
    if (set) return `${set.newName ?? image}:${set.newTag ?? ''}`;
    return image.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
  }

  it("tags Sniff's image with the root package.json version, in Kubernetes and in compose", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(kustomization.images).toContainEqual(expect.objectContaining({ name: 'sniff', newTag: version }));
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) => s.image.startsWith('sniff:'))) {
      expect({ name, image: pulled(service.image) }).toEqual({ name, image: `sniff:${version}` });
    }
  });

  it('pulls no image untagged or as latest (Kubernetes, compose, Dockerfile)', () => {
    const dockerfile = readFileSync(join(__dirname, 'Dockerfile'), 'utf8');
    const images = [
      ...containers().map((c) => ({ where: c.where, image: pulled(c.container.image) })),
      ...Object.entries(compose.services).map(([name, s]) => ({ where: `compose ${name}`, image: pulled(s.image) })),
      ...[...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => ({ where: 'Dockerfile', image: m[1] })),
    ];
    expect(images.length).toBeGreaterThan(10);
    // An image named by a build argument (the image a build replaces) pulls nothing unless one is passed:
    // its default must be scratch, and the comment's build command passes a tagged sniff image.
    const argDefault = (name) => new RegExp(`^ARG ${name}=(\\S+)`, 'm').exec(dockerfile)?.[1];
    const byArg = images.filter(({ image }) => /^\$\{\w+\}$/.test(image));
    for (const { image } of byArg)
      expect({ image, default: argDefault(image.slice(2, -1)) }).toEqual({ image, default: 'scratch' });
    expect(dockerfile).toMatch(/--build-arg PREVIOUS_IMAGE=sniff:/);
    const loose = images.filter(
      ({ image }) => !byArg.some((a) => a.image === image) && (!tagOf(image) || tagOf(image) === 'latest'),
    );
    expect(loose).toEqual([]);
  });
});

describe('image', () => {
  it('keeps the local data directory, keys and build output out of the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.data', '**/.data', '**/node_modules', '**/dist', '*.pem', '*.key', '.env']) {
      expect(ignored).toContain(entry);
    }
  });

  it('runs on a maintained Node LTS', () => {
    const dockerfile = readFileSync(join(__dirname, 'Dockerfile'), 'utf8');
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((m) => Number(m[1]));
    expect(images.length).toBeGreaterThan(0);
    for (const major of images) expect([22, 24]).toContain(major);
  });
});
