import { HttpException, UnprocessableEntityException } from '@nestjs/common';
import { BlockedAddressError, FetchFailedError } from './safe-fetch';

/** Turns a fetch failure of the URL in body field `field` into the 422 an owner sees; anything else passes through. */
export function fetchErrorToHttp(err: unknown, field = 'url'): unknown {
  if (err instanceof HttpException) return err;
  if (err instanceof BlockedAddressError || err instanceof FetchFailedError) {
    return new UnprocessableEntityException({ message: err.message, field });
  }
  return err;
}
