import { HttpException, UnprocessableEntityException } from '@nestjs/common';
import { BlockedAddressError, FetchFailedError } from './safe-fetch';

/** Turns a fetch failure into the 422 an owner sees; anything else passes through. */
export function fetchErrorToHttp(err: unknown): unknown {
  if (err instanceof HttpException) return err;
  if (err instanceof BlockedAddressError || err instanceof FetchFailedError) {
    return new UnprocessableEntityException({ message: err.message, field: 'url' });
  }
  return err;
}
