// The baseline of bench/bundle-size.ts: a bare React + React Router app, the least a page of ours could load.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';

function Layout() {
  return (
    <main>
      <Link to="/">Home</Link> <Link to="/about">About</Link>
      <Outlet />
    </main>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, Component: () => <h1>Home</h1> },
      { path: 'about', Component: () => <h1>About</h1> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
