import { Spinner } from '@sniff/ui';

/** The access gate while authentication loads (also while the dashboard's code arrives). */
export function AuthChecking() {
  return (
    <main className="gate">
      <Spinner label="Checking authentication status" />
      <h1>Loading...</h1>
      <p>Checking authentication status</p>
    </main>
  );
}
