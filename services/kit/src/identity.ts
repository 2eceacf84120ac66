import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const INTERNAL_TOKEN_HEADER = 'x-sniff-internal-token';
/** The verified subject and e-mail, percent-encoded by the gateway (encodeURIComponent): a header holds Latin-1 at most. */
export const USER_SUB_HEADER = 'x-sniff-user-sub';
export const USER_EMAIL_HEADER = 'x-sniff-user-email';

/** The signed-in owner, as the gateway verified it from the access token. */
export interface Owner {
  sub: string;
  email: string;
}

let internalToken = '';
/** Set once at start-up from config (see runService). */
export function setInternalToken(token: string): void {
  internalToken = token;
}

interface Request {
  headers: IncomingHttpHeaders;
}

/** One header's value; a header sent twice counts as missing (Node joins most, not all, repeats). */
function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** A percent-encoded identity header's value; undefined when the encoding is broken or hides a control character. */
function decoded(value: string): string | undefined {
  try {
    const text = decodeURIComponent(value);
    return /\p{Cc}/u.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

function hasInternalToken(req: Request): boolean {
  const given = header(req, INTERNAL_TOKEN_HEADER) ?? '';
  if (!internalToken || given.length !== internalToken.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(internalToken));
}

/** Routes only the gateway or a sibling service may call. */
@Injectable()
export class InternalGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (!hasInternalToken(ctx.switchToHttp().getRequest<Request>())) {
      throw new ForbiddenException('This route is internal');
    }
    return true;
  }
}

/** Dashboard routes: the gateway's internal token plus the verified identity headers. */
@Injectable()
export class OwnerGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request & { owner?: Owner }>();
    if (!hasInternalToken(req)) throw new ForbiddenException('This route is only reachable through the gateway');
    const rawSub = header(req, USER_SUB_HEADER);
    if (!rawSub) throw new UnauthorizedException('Sign in to continue');
    const sub = decoded(rawSub);
    const email = decoded(header(req, USER_EMAIL_HEADER) ?? '');
    if (!sub || email === undefined) throw new UnauthorizedException('The identity headers are not validly encoded');
    req.owner = { sub, email };
    return true;
  }
}

/** The owner verified by OwnerGuard. */
export const CurrentOwner = createParamDecorator((_: unknown, ctx: ExecutionContext): Owner => {
  const owner = ctx.switchToHttp().getRequest<{ owner?: Owner }>().owner;
  if (!owner) throw new UnauthorizedException('Sign in to continue');
  return owner;
});

/**
 * The owner's e-mail, only ever from the verified token: the e-mail the spec puts in a payload must be
 * the token's (compared as the gateway does: trimmed, case-insensitive), and a token without one
 * cannot act where an e-mail is needed. Both answer 403 naming `email`.
 */
export function ownEmail(owner: Owner, payloadEmail: string | undefined): string {
  const refuse = (message: string) =>
    new ForbiddenException({ statusCode: 403, error: 'Forbidden', message, field: 'email' });
  if (!owner.email.trim()) {
    throw refuse('Your sign-in carries no e-mail address. Add one to your account, then sign in again.');
  }
  if (payloadEmail !== undefined && payloadEmail.trim().toLowerCase() !== owner.email.trim().toLowerCase()) {
    throw refuse('email does not match the signed-in user');
  }
  return owner.email;
}

/** Headers for a call to a sibling service's internal routes. */
export function internalHeaders(): Record<string, string> {
  return { [INTERNAL_TOKEN_HEADER]: internalToken };
}
