// Stripe's error bodies: {error: {type, code, message, param}} with the HTTP status the SDK maps to its
// error classes (400 StripeInvalidRequestError, 401 StripeAuthenticationError, 404, 409, 429 ...).

export class StripeApiError extends Error {
  /**
   * @param {number} status
   * @param {{ type?: string, code?: string, message: string, param?: string, headers?: Record<string, string> }} details
   */
  constructor(status, { type = 'invalid_request_error', code, message, param, headers = {} }) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
    this.headers = headers;
  }

  get body() {
    const error = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`;
    return { error };
  }
}

/** A required parameter is absent. */
export const missingParam = (param) =>
  new StripeApiError(400, { code: 'parameter_missing', param, message: `Missing required param: ${param}.` });

/** A parameter is present but not acceptable. */
export const invalidParam = (param, message, code = 'parameter_invalid') =>
  new StripeApiError(400, { code, param, message });

/** A parameter names an object that does not exist (400, like Stripe, unlike a missing URL id). */
export const noSuchParam = (param, kind, id) =>
  new StripeApiError(400, { code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

/** The object in the URL does not exist. */
export const notFound = (kind, id) =>
  new StripeApiError(404, { code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });

export const unknownParam = (param) =>
  new StripeApiError(400, {
    code: 'parameter_unknown',
    param,
    message: `Received unknown parameter: ${param}`,
  });
