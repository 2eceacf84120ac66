import { useRouteError } from 'react-router-dom';

/** Shown when rendering crashes: the product's own wording of the router's default screen. */
export function ErrorScreen({ error: given }: { error?: unknown }) {
  const routeError = useRouteError();
  const error = given ?? routeError;
  return (
    <main className="gate" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{error instanceof Error ? error.message : 'Something went wrong.'}</p>
      <p>
        <a href="/dashboard">Back to the dashboard</a>
      </p>
    </main>
  );
}
