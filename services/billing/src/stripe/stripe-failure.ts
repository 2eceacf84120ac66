import { BadGatewayException, Logger } from '@nestjs/common';
import Stripe from 'stripe';

/**
 * Runs a call to Stripe; a Stripe failure (network, timeout, 4xx/5xx) becomes a 502 with `message`
 * for the owner. The log gets the error's type, code and request id, never a payload.
 */
export async function callStripe<T>(logger: Logger, what: string, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    logger.warn(`${what} failed: ${describeStripeError(err)}`);
    throw new BadGatewayException(message);
  }
}

export function describeStripeError(err: InstanceType<typeof Stripe.errors.StripeError>): string {
  return [err.type, err.code, err.statusCode, err.requestId, err.message].filter((p) => p !== undefined).join(' ');
}
