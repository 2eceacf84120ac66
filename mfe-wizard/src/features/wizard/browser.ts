/**
 * The few browser navigation calls the wizard makes, behind one object so tests can watch them
 * (jsdom's window.location cannot be replaced or spied on).
 */
export const browser = {
  open: (url: string, name: string, features: string): Window | null => window.open(url, name, features),
  /** Leaves the dashboard for `url` in this window. */
  assign: (url: string): void => window.location.assign(url),
};
