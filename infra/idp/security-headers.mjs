// Headers of every page the identity provider renders, its own and oidc-provider's: a Content-Security-Policy
// allowing only the pages' one style (by hash) and the inline script of oidc-provider's form_post page (the
// library adds that hash itself to a script-src it finds), forms that post only to the IdP and to the product
// (Chromium applies form-action to the redirects after a submission too: log in -> /authorize -> the
// product's /dashboard), and no framing at all, so the sign-in form cannot be clickjacked.
import http from 'node:http';
import { STYLE_HASH } from './views.mjs';

/**
 * @param {{ issuer: string, publicOrigin: string }} origins
 * @returns {Record<string, string>}
 */
export function securityHeaders({ issuer, publicOrigin }) {
  const policy = [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    "script-src 'none'",
    `form-action 'self' ${new URL(issuer).origin} ${publicOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return { 'content-security-policy': policy.join('; '), 'x-frame-options': 'DENY' };
}

/**
 * Koa middleware putting the headers on oidc-provider's responses. They are set before the provider renders,
 * so that its form_post page can add its script's hash; 'none' must then leave script-src.
 * @param {Record<string, string>} headers
 */
export function providerSecurityHeaders(headers) {
  return async (ctx, next) => {
    ctx.set(headers);
    await next();
    const policy = ctx.response.get('content-security-policy');
    if (policy) ctx.set('content-security-policy', policy.replace(/script-src 'none' (?=')/, 'script-src '));
  };
}

/**
 * The server's responses: each says X-Content-Type-Options: nosniff, whoever writes it (the IdP's pages,
 * oidc-provider, the Management API), set as the headers go out, since Koa drops the headers set before
 * an error it answers itself.
 */
export class NoSniffResponse extends http.ServerResponse {
  /** @param {Parameters<http.ServerResponse['writeHead']>} args */
  writeHead(...args) {
    this.setHeader('x-content-type-options', 'nosniff');
    return super.writeHead(...args);
  }
}
