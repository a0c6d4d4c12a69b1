/**
 * What the front ends share as `react-router-dom`: the declarative router API only.
 * A shared module cannot be tree-shaken, and react-router 7 whole (data routers, SSR, RSC)
 * would be on every page, most of it unused, against the visitor pages' first-load budget. Front ends import router APIs from
 * `react-router-dom` only; `react-router-dom.test.ts` fails when one uses a name missing here.
 */
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createPath,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
} from 'react-router';
