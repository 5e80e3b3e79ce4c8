// The part of React Router the apps use (declarative routing in a BrowserRouter), and nothing else.
// The router is a federation singleton, and a shared module is never tree-shaken: shared whole,
// react-router-dom weighs 62 KB gzipped on every page; these exports alone weigh 14 KB (README
// "Performance"). An app that needs another export adds it here, and bumps this package's version.
export type { LinkProps, NavigateOptions } from 'react-router';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
