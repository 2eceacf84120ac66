// The identity provider's own pages go out with its security headers, never cached.

/**
 * @param {Record<string, string>} pageHeaders
 * @returns {(res: import('node:http').ServerResponse, status: number, html: string, headers?: Record<string, string>) => void}
 */
export function htmlSender(pageHeaders) {
  return (res, status, html, headers = {}) => {
    res.writeHead(status, {
      ...headers,
      ...pageHeaders,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(html);
  };
}
