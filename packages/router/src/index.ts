// The part of React Router the apps use (the shell's data router, its matcher for the page contract;
// Routes inside a remote's page), and nothing else.
// The router is a federation singleton, and a shared module is never tree-shaken: shared whole,
// react-router-dom weighs 62 KB gzipped on every page; these exports alone weigh 14 KB (README
// "Performance"). An app that needs another export adds it here, and bumps this package's version.
export type { LinkProps, NavigateOptions, RouteObject } from 'react-router';
export {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useSearchParams,
} from 'react-router';
