// A module of its own, free of zod: the public guides import these texts, and a public page that loads zod
// trips its Content-Security-Policy (zod tries eval to compile its schemas unless the dashboard turns that off).
/**
 * What the developer API key must allow, said alike by the wizard and every guide: the stores service calls
 * Squarespace's Products API only (each product's variants carry its stock), so the key needs nothing more.
 */
export const SQUARESPACE_KEY_ACCESS = 'read-only access to Products';
export const SQUARESPACE_KEY_NO_MORE = 'Stock levels come with the products: no Orders or Inventory access is needed.';
