import type { RouteObject } from 'react-router';
import { ClientsPage } from '../features/clients/components/clients-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ProgramsPage } from '../features/programs/components/programs-page';
import { LoadingText } from '../components/ui/loading-text';
import { AccessGuard } from './access-guard';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Login and each role's landing page (/clients, /programs) load with the first bundle: lazy-loading the
// landing page would add a request waterfall before the first paint. Every other page is its own chunk.
const publicRoutes: RouteObject[] = [
  { index: true, Component: LoginPage },
  { path: 'login', Component: LoginPage },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
    }),
  },
  {
    path: 'reset-password/:uid/:token',
    lazy: async () => ({
      Component: (await import('../features/auth/components/set-password-page')).SetPasswordPage,
    }),
  },
  {
    path: 'logged-out',
    lazy: async () => ({
      Component: (await import('../features/auth/components/logged-out-page')).LoggedOutPage,
    }),
  },
];

const authenticatedRoutes: RouteObject[] = [
  {
    path: 'terms',
    lazy: async () => ({ Component: (await import('../features/terms/components/terms-page')).TermsPage }),
  },
  { path: 'programs', Component: ProgramsPage },
  {
    path: 'program/:programId',
    lazy: async () => {
      const [page, api] = await Promise.all([
        import('../features/programs/components/program-view-page'),
        import('../features/programs/api/get-program-view'),
      ]);
      return { Component: page.ProgramViewPage, loader: api.loadProgram };
    },
  },
  {
    path: 'user/:userId',
    lazy: async () => {
      const [page, api] = await Promise.all([
        import('../features/users/components/user-details-page'),
        import('../features/users/api/get-user'),
      ]);
      return { Component: page.UserDetailsPage, loader: api.loadUser };
    },
  },
  {
    path: 'user/:userId/edit',
    lazy: async () => {
      const [page, api] = await Promise.all([
        import('../features/users/components/edit-profile-page'),
        import('../features/users/api/get-user'),
      ]);
      return { Component: page.EditProfilePage, loader: api.loadUser };
    },
  },
];

const therapistRoutes: RouteObject[] = [
  { path: 'clients', Component: ClientsPage },
  {
    path: 'client/create',
    lazy: async () => ({
      Component: (await import('../features/clients/components/create-client-page')).CreateClientPage,
    }),
  },
  {
    path: 'client/:clientId',
    lazy: async () => ({
      Component: (await import('../features/clients/components/client-detail-page')).ClientDetailPage,
    }),
  },
  {
    path: 'client/edit/:clientId',
    lazy: async () => ({
      Component: (await import('../features/clients/components/edit-client-page')).EditClientPage,
    }),
  },
  {
    path: 'program/add/:clientId',
    lazy: async () => ({
      Component: (await import('../features/programs/components/create-program-page')).CreateProgramPage,
    }),
  },
  {
    path: 'program/edit/:clientId/:programId',
    lazy: async () => ({
      Component: (await import('../features/programs/components/edit-program-page')).EditProgramPage,
    }),
  },
  {
    path: 'program/duplicate/:clientId/:programId',
    lazy: async () => ({
      Component: (await import('../features/programs/components/replicate-program-page'))
        .ReplicateProgramPage,
    }),
  },
  {
    path: 'exercise/:exerciseId/feedback',
    lazy: async () => ({
      Component: (await import('../features/feedback/components/exercise-feedback-page'))
        .ExerciseFeedbackPage,
    }),
  },
];

const staffRoutes: RouteObject[] = [
  {
    path: 'metrics',
    lazy: async () => ({
      Component: (await import('../features/staff/components/metrics-page')).MetricsPage,
    }),
  },
  {
    path: 'manage',
    lazy: async () => ({
      Component: (await import('../features/staff/components/manage-users-page')).ManageUsersPage,
    }),
  },
  {
    path: 'configure-test-server',
    lazy: async () => ({
      Component: (await import('../features/staff/components/configure-test-server-page'))
        .ConfigureTestServerPage,
    }),
  },
];

/** The route table of spec section 2, each group behind its access level. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    // Shown while the first page's lazy chunk loads on a direct visit.
    hydrateFallbackElement: <LoadingText />,
    children: [
      {
        // Errors inside a page render within the shell; the root's errorElement catches the shell's own.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <AccessGuard level="authenticated" />, children: authenticatedRoutes },
          { element: <AccessGuard level="therapist" />, children: therapistRoutes },
          { element: <AccessGuard level="staff" />, children: staffRoutes },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
