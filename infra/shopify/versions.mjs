// Shopify's API versions: one a quarter (YYYY-01, -04, -07, -10), each supported for a year, plus the
// next one as a release candidate and `unstable`. A request for a version that is no longer supported
// falls forward to the oldest supported one (the answer's X-Shopify-API-Version says which); a version
// that does not exist (a bad name, one from the future) is 404.

const FIRST_VERSION = '2019-04';

const quarterOf = (ms) => {
  const date = new Date(ms);
  return date.getUTCFullYear() * 4 + Math.floor(date.getUTCMonth() / 3);
};
const nameOf = (quarter) => `${Math.floor(quarter / 4)}-${String((quarter % 4) * 3 + 1).padStart(2, '0')}`;

/** The supported stable versions at `nowMs`, oldest first, and the release candidate. */
export function supportedApiVersions(nowMs) {
  const current = quarterOf(nowMs);
  return { stable: [current - 3, current - 2, current - 1, current].map(nameOf), candidate: nameOf(current + 1) };
}

/**
 * @param {string} version from the URL
 * @param {number} nowMs
 * @returns {string | undefined} the version that answers, or undefined for 404
 */
export function resolveApiVersion(version, nowMs) {
  if (version === 'unstable') return version;
  if (!/^\d{4}-(01|04|07|10)$/.test(version) || version < FIRST_VERSION) return undefined;
  const { stable, candidate } = supportedApiVersions(nowMs);
  if (version > candidate) return undefined;
  return version < stable[0] ? stable[0] : version;
}
