import { defineRemote, usePlatform } from '@sniff/shell-sdk';
import declaration from './declaration';

function HomePage() {
  const { user } = usePlatform();
  return (
    <section aria-labelledby="remote-home">
      <h2 id="remote-home">__TITLE__</h2>
      <p>Hello {user?.name ?? 'there'}: this page ships on its own, through the remote registry.</p>
    </section>
  );
}

export default defineRemote({ declaration, pages: { [declaration.routes[0]!.path]: HomePage } });
