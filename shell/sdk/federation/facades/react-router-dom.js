// What the front ends use of react-router-dom, the module the federation shares under that name
// (see ../shared.js): shared whole, React Router cost its every export (server rendering, cookies,
// sessions...), about 190 kB minified, in the shell's entry. It imports react-router and
// react-router/dom (what react-router-dom re-exports), so it is not consumed from the share scope.
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useRouteError,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
