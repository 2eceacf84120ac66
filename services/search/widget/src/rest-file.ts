/** The second script's file, beside the first; build.js writes its content-hashed name here. */
export const REST_FILE = 'search.js';
