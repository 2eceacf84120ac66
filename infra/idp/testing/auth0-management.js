// Runs calls of the auth0 SDK's ManagementClient in a process of its own, as the billing service makes them:
// the IdP's local certificate is trusted through NODE_EXTRA_CA_CERTS, which Node reads only at start-up.
// argv[2]: JSON { domain, clientId, clientSecret, calls: [{ op: 'get' | 'delete', id }] }.
// Prints a JSON array: { value } per call that succeeded, { error: { name, statusCode, body } } per failure.
const { ManagementClient } = require('auth0');

async function main() {
  const { calls, ...options } = JSON.parse(process.argv[2]);
  // no retries: a refusal is what the test looks at
  const client = new ManagementClient({ ...options, maxRetries: 0 });
  const results = [];
  for (const { op, id } of calls) {
    try {
      const value = op === 'get' ? await client.users.get(id) : await client.users.delete(id);
      results.push({ value: value ?? null });
    } catch (error) {
      results.push({ error: { name: error.constructor.name, statusCode: error.statusCode, body: error.body } });
    }
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
