// The product's ports: the defaults, and the check that those a run needs are free.
const net = require('node:net');

const DEFAULT_PORTS = {
  gateway: 8080,
  idp: 8090,
  stripe: 8097,
  billing: 3101,
  stores: 3102,
  search: 3103,
  analytics: 3104,
  feedback: 3105,
  registry: 3106,
  demoSite: 8095,
  // the local SMTP catcher (maildev) and its web inbox; unused when SMTP_URL points at a real server
  smtp: 8025,
  inbox: 8026,
  squarespace: 8096,
  shopify: 8098,
  postgres: 5439,
};

/** Rejects with a clear message when one of the ports is taken (e.g. by another `npm start`). */
async function assertPortsFree(ports) {
  for (const [name, port] of Object.entries(ports)) {
    await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', (error) =>
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `port ${port} (${name}) is already in use on 127.0.0.1. Is Sniff already running? Stop it or free the port.`
              : `cannot listen on 127.0.0.1:${port} (${name}): ${error.message}`,
          ),
        ),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
    });
  }
}

/**
 * The ports this run listens on: not Postgres's with a DATABASE_URL, nor those of the stand-ins and the mail
 * catcher when the real services are used.
 * @param {Record<string, number>} p @param {NodeJS.ProcessEnv} env
 * @param {{ local: boolean }} stripe @param {{ squarespace: { local: boolean }, shopify: { local: boolean } }} platforms
 */
function portsToCheck(p, env, stripe, platforms) {
  const { postgres: _postgres, ...processPorts } = p;
  const needed = env.DATABASE_URL ? processPorts : { ...p };
  if (!stripe.local) delete needed.stripe;
  if (!platforms.squarespace.local) delete needed.squarespace;
  if (!platforms.shopify.local) delete needed.shopify;
  if (env.SMTP_URL) {
    delete needed.smtp;
    delete needed.inbox;
  }
  return needed;
}

module.exports = { DEFAULT_PORTS, assertPortsFree, portsToCheck };
