// The only door to React Router: the builds share this module instead of react-router(-dom) whole,
// so only what Kagami uses ships (a shared module is never tree-shaken).
export {
  BrowserRouter,
  createBrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type RouteObject,
} from 'react-router-dom';
