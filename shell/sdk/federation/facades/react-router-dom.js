// What the front ends use of react-router-dom, the module the federation shares under that name
// (see ../shared.js): shared whole, React Router cost its every export (server rendering, cookies,
// sessions...), about 190 kB minified, in the shell's entry. It imports react-router (what
// react-router-dom re-exports), so it is not consumed from the share scope. The declarative API
// only: the data router (createBrowserRouter, RouterProvider) added 13 kB compressed to every page.
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
