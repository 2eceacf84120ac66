// A self-signed certificate for localhost, so the local identity provider can answer HTTPS: the auth0 SDK's
// ManagementClient only calls https://{domain}. A process that calls it trusts the certificate through
// NODE_EXTRA_CA_CERTS=<certFile> (read once, when that process starts).
const { X509Certificate } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const selfsigned = require('selfsigned');

const DAY = 24 * 60 * 60 * 1000;

/** @param {string} certFile whether it is there and valid for at least another day */
function usable(certFile) {
  try {
    return new Date(new X509Certificate(readFileSync(certFile)).validTo).getTime() > Date.now() + DAY;
  } catch {
    return false;
  }
}

/**
 * The certificate and key files in `dir`, created (or renewed when about to expire) as needed.
 * @param {string} dir
 * @returns {Promise<{ certFile: string, keyFile: string }>}
 */
async function localCertificate(dir) {
  const certFile = join(dir, 'localhost-cert.pem');
  const keyFile = join(dir, 'localhost-key.pem');
  if (existsSync(keyFile) && usable(certFile)) return { certFile, keyFile };
  mkdirSync(dir, { recursive: true });
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 365 * DAY),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  writeFileSync(certFile, pems.cert);
  return { certFile, keyFile };
}

module.exports = { localCertificate };
