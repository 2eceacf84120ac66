// Every query string and urlencoded form the IdP receives, on any route, is checked before anything reads
// it: a parameter whose name or value holds a NUL or is not UTF-8 (a percent-encoded lone surrogate, 0xFF,
// an overlong sequence, a broken escape) is a 400 invalid_request. oidc-provider decodes such bytes
// leniently and stores what it reads, so a NUL in `state` failed the interaction's insert (500), as did
// one in a token request's `code` or `client_id`.

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** @param {string} part a parameter's name or value as sent */
function clean(part) {
  if (!part.includes('%') && !part.includes('\0')) return true;
  try {
    const text = decodeURIComponent(part.replaceAll('+', ' '));
    return !text.includes('\0') && text.isWellFormed();
  } catch {
    return false;
  }
}

/**
 * The first parameter of a query string or urlencoded body whose name or value is not clean text, named
 * as sent (percent-encoded, at most 64 characters); undefined when every one is.
 * @param {string | Buffer | undefined} encoded
 * @returns {string | undefined}
 */
export function unsafeParameter(encoded) {
  if (!encoded?.length) return undefined;
  let text;
  try {
    text = typeof encoded === 'string' ? encoded : utf8.decode(encoded);
  } catch {
    return '(the body is not UTF-8)';
  }
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (!clean(name) || (eq !== -1 && !clean(pair.slice(eq + 1)))) return name.slice(0, 64) || '(unnamed)';
  }
  return undefined;
}

/** Forms are checked up to this size; a larger one is its reader's to refuse (oidc-provider's limit is 56 KB, the sign-in forms' 64 KB). */
const PEEK_LIMIT = 64 * 1024;

/**
 * The urlencoded body of `req`, read without consuming it: the bytes go back into the stream (unshift)
 * before its end is signalled, so its reader (oidc-provider, or the sign-in forms' raw-body) reads the
 * body as sent. Undefined for a request with no urlencoded body, or one over 64 KB.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer | undefined>}
 */
export function peekForm(req) {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const length = req.headers['content-length'];
  const hasBody = length !== undefined ? length !== '0' : req.headers['transfer-encoding'] !== undefined;
  if (type !== 'application/x-www-form-urlencoded' || !hasBody) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const finish = (/** @type {boolean} */ whole) => {
      req.off('readable', onReadable);
      req.off('error', onError);
      req.off('end', onEnd);
      const body = Buffer.concat(chunks);
      if (body.length) req.unshift(body);
      resolve(whole ? body : undefined);
    };
    const onError = () => finish(false);
    // an empty chunked body ends without ever being readable
    const onEnd = () => finish(true);
    const onReadable = () => {
      let chunk;
      while ((chunk = req.read()) !== null) {
        chunks.push(chunk);
        if ((size += chunk.length) > PEEK_LIMIT) return finish(false);
      }
      // complete: the whole message is in (its end is queued but not yet emitted, so unshift still works)
      if (req.complete) finish(true);
    };
    req.on('error', onError);
    req.on('end', onEnd);
    req.on('readable', onReadable);
  });
}
