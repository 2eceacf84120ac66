// What the shared react-router-dom (./react-router-dom.js) leaves out of the library's public API,
// by reason. Everything else is shared: a remote may use any other export of the version the shell
// provides. facades.test.js fails when a React Router release adds an export that is in neither
// list, and lint refuses these names in a remote (a build error, not `undefined` in a browser).
// Shared whole, React Router cost 39.5 kB compressed on every page, the public ones included: the
// data router's engine (createRouter) alone is most of it.

/**
 * Exports that create or host a router: the shell owns the one router (a remote's routes are
 * relative). BrowserRouter is the shell's own, so it is shared all the same.
 */
const CREATES_A_ROUTER = [
  'HashRouter',
  'MemoryRouter',
  'Router',
  'unstable_HistoryRouter',
  'createBrowserRouter',
  'createHashRouter',
  'createMemoryRouter',
  'RouterProvider',
  'HydratedRouter',
  'StaticRouter',
  'StaticRouterProvider',
  'createStaticRouter',
  'createStaticHandler',
  'createRoutesStub',
];

/**
 * Exports that work only under a data router (loaders, actions and their responses, middleware
 * context, fetchers, blockers): under the shell's declarative router the hooks throw "must be used
 * within a data router" and the rest has nothing to run it.
 */
const NEEDS_A_DATA_ROUTER = [
  'RouterContextProvider',
  'createContext',
  'data',
  'redirect',
  'redirectDocument',
  'replace',
  'Await',
  'Form',
  'IDLE_BLOCKER',
  'IDLE_FETCHER',
  'IDLE_NAVIGATION',
  'ScrollRestoration',
  'unstable_usePrompt',
  'unstable_useRoute',
  'unstable_useRouterState',
  'useActionData',
  'useAsyncError',
  'useAsyncValue',
  'useBlocker',
  'useFetcher',
  'useFetchers',
  'useFormAction',
  'useLoaderData',
  'useMatches',
  'useNavigation',
  'useRevalidator',
  'useRouteError',
  'useRouteLoaderData',
  'useSubmit',
  'useViewTransitionState',
];

/** Framework mode and servers: sessions, cookies, request handlers, document tags, server components. */
const SERVER_ONLY = [
  'ServerRouter',
  'Links',
  'Meta',
  'Scripts',
  'PrefetchPageLinks',
  'createCookie',
  'createCookieSessionStorage',
  'createMemorySessionStorage',
  'createSession',
  'createSessionStorage',
  'createRequestHandler',
  'isCookie',
  'isSession',
  'unstable_RSCStaticRouter',
  'unstable_routeRSCServerRequest',
  'unstable_setDevServerHooks',
];

/** React Router's own internals (its UNSAFE_ prefix): not public API. */
const isInternal = (name) => name.startsWith('UNSAFE_');

const LEFT_OUT = { CREATES_A_ROUTER, NEEDS_A_DATA_ROUTER, SERVER_ONLY };

module.exports = { LEFT_OUT, isInternal };
