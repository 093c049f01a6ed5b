import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from '@kagami/shared/router';
import { ROUTES, type Layout } from '@kagami/shared/contract';
import { RemoteScreen } from './remotes/remote-screen';
import { Root } from './routing/root';
import { AuthLayout } from './layout/auth-layout';
import { BlankLayout } from './layout/blank-layout';
import { loadMainLayout } from './layout/load-main-layout';

// The signed-in frame (menu, team switcher, join dialog) loads with the first signed-in page, not with Login.
const MainLayout = lazy(() => loadMainLayout().then((module) => ({ default: module.MainLayout })));

const layouts: Record<Layout, ComponentType> = { main: MainLayout, auth: AuthLayout, blank: BlankLayout };

/** The router, built from the contract's route table: one layout route per layout, one remote screen per path. */
export function createAppRouter() {
  const byLayout = (Object.keys(layouts) as Layout[]).map((layout): RouteObject => {
    const Frame = layouts[layout];
    return {
      element: (
        <Suspense fallback={null}>
          <Frame />
        </Suspense>
      ),
      children: ROUTES.filter((route) => route.layout === layout).map((route) => ({
        path: route.path,
        element: <RemoteScreen key={route.path} route={route} />,
      })),
    };
  });
  // Unknown paths and redirect-only paths render nothing: the guard sends them on.
  return createBrowserRouter([{ element: <Root />, children: [...byLayout, { path: '*', element: null }] }]);
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
