import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { TAccessLevel } from '@hep/shared/domain/roles';
import { LoadingText } from '../components/ui/loading-text';
import { pageCodeDue } from '../lib/first-paint';
import { catalogPart, type TPagePart, wholeCatalog } from '../lib/i18n/active-language';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * A page's route (`lazy`): the page in its own chunk, loaded on the first visit; `loadLoader` (loaded alongside)
 * gives its data loader. The page also waits for the whole catalog, unless it is a first-paint page, which waits for
 * its own part of it (`catalog`: PAGE_PARTS in scripts/compile-catalogs.mjs). On a start with a stored user, a
 * page's code loads after the first paint (`pageCodeDue`), unless it is a public page, which shows without the
 * session check.
 */
function pageRoute<P>(
  loadPage: () => Promise<P>,
  pick: (page: P) => ComponentType,
  loadLoader?: () => Promise<LoaderFunction>,
  { catalog, isPublic = false }: { catalog?: TPagePart; isPublic?: boolean } = {},
) {
  return async (): Promise<{ Component: ComponentType; loader?: LoaderFunction }> => {
    if (!isPublic) await pageCodeDue();
    const [page, loader] = await Promise.all([
      loadPage(),
      loadLoader?.(),
      catalog ? catalogPart(catalog) : wholeCatalog(),
    ]);
    return loader ? { Component: pick(page), loader } : { Component: pick(page) };
  };
}

function lazyPage<P>(path: string, ...page: Parameters<typeof pageRoute<P>>): RouteObject {
  return { path, lazy: pageRoute(...page) };
}

/**
 * The routes under an access level, behind its guard. The guard is a chunk of its own, loaded with the first page
 * under it: the login page never needs it (docs/decisions/032-first-paint-and-after.md).
 */
const guarded = (level: TAccessLevel, children: RouteObject[]): RouteObject => ({
  lazy: () =>
    pageCodeDue()
      .then(() => import('./access-guard'))
      .then(({ AccessGuard }) => ({ element: <AccessGuard level={level} /> })),
  children,
});

/**
 * The query client, loaded alongside the first page that needs it (app/query-layout.tsx): at once for the public
 * pages, after the first paint for the others on a start with a stored user (`pageCodeDue`).
 */
const queryLayout = (children: RouteObject[], { isPublic }: { isPublic: boolean }): RouteObject => ({
  lazy: async () => {
    if (!isPublic) await pageCodeDue();
    const { QueryLayout } = await import('./query-layout');
    return { Component: QueryLayout };
  },
  children,
});

// Every page is its own chunk, each role's landing page (/clients, /programs) and the login page included, so that
// none carries another's code. A visitor's first paint waits for the login page's chunk, loaded beside the catalog
// (main.tsx); a signed-in start paints the shell with "Loading..." and loads its page while the session check
// (/api/token/refresh/) runs (docs/decisions/032-first-paint-and-after.md).
const loginPage = pageRoute(
  () => import('./routes/auth/login'),
  (m) => m.LoginPage,
  undefined,
  { catalog: 'login' },
);
const loginRoutes: RouteObject[] = [
  { index: true, lazy: loginPage },
  { path: 'login', lazy: loginPage },
];

const publicRoutes: RouteObject[] = [
  lazyPage(
    'reset-password',
    () => import('./routes/auth/reset-password'),
    (m) => m.ResetPasswordPage,
    undefined,
    { isPublic: true },
  ),
  lazyPage(
    'reset-password/:uid/:token',
    () => import('./routes/auth/set-password'),
    (m) => m.SetPasswordPage,
    undefined,
    { isPublic: true },
  ),
  lazyPage(
    'confirm-email/:uid/:token',
    () => import('./routes/auth/confirm-email'),
    (m) => m.ConfirmEmailPage,
    undefined,
    { isPublic: true },
  ),
  lazyPage(
    'logged-out',
    () => import('./routes/auth/logged-out'),
    (m) => m.LoggedOutPage,
    undefined,
    { isPublic: true },
  ),
];

const loadUser = () => import('../features/users/api/get-user').then((m) => m.loadUser);

const authenticatedRoutes: RouteObject[] = [
  lazyPage(
    'terms',
    () => import('./routes/terms/terms'),
    (m) => m.TermsPage,
  ),
  lazyPage(
    'messages',
    () => import('./routes/messages/messages'),
    (m) => m.MyMessagesPage,
  ),
  lazyPage(
    'measures/:assignmentId',
    () => import('./routes/measures/answer-measure'),
    (m) => m.AnswerMeasurePage,
  ),
  lazyPage(
    'programs',
    () => import('./routes/programs/programs'),
    (m) => m.ProgramsPage,
    undefined,
    { catalog: 'programs' },
  ),
  lazyPage(
    'program/:programId',
    () => import('./routes/programs/program-view'),
    (m) => m.ProgramViewPage,
    () => import('./routes/programs/load-program-view').then((m) => m.loadProgramView),
  ),
  lazyPage(
    'program/:programId/session',
    () => import('./routes/programs/program-session'),
    (m) => m.ProgramSessionPage,
    () => import('../features/programs/api/get-program-view').then((m) => m.loadProgram),
  ),
  lazyPage(
    'program/:programId/print',
    () => import('./routes/programs/print-program'),
    (m) => m.PrintProgramPage,
    () => import('../features/programs/api/get-program-view').then((m) => m.loadProgram),
  ),
  lazyPage(
    'user/:userId',
    () => import('./routes/users/user-details'),
    (m) => m.UserDetailsPage,
    loadUser,
  ),
  lazyPage(
    'user/:userId/edit',
    () => import('./routes/users/edit-profile'),
    (m) => m.EditProfilePage,
    loadUser,
  ),
  lazyPage(
    'change-password',
    () => import('./routes/users/change-password'),
    (m) => m.ChangePasswordPage,
  ),
];

const carerRoutes: RouteObject[] = [
  lazyPage(
    'helping',
    () => import('./routes/carers/helping'),
    (m) => m.HelpingPage,
  ),
];

const therapistRoutes: RouteObject[] = [
  lazyPage(
    'clients',
    () => import('./routes/clients/clients'),
    (m) => m.ClientsPage,
  ),
  lazyPage(
    'client/create',
    () => import('./routes/clients/create-client'),
    (m) => m.CreateClientPage,
  ),
  lazyPage(
    'client/:clientId',
    () => import('./routes/clients/client'),
    (m) => m.ClientDetailPage,
    () => import('./routes/clients/load-client').then((m) => m.loadClient),
  ),
  lazyPage(
    'client/:clientId/messages',
    () => import('./routes/messages/messages'),
    (m) => m.ClientMessagesPage,
  ),
  lazyPage(
    'client/edit/:clientId',
    () => import('./routes/clients/edit-client'),
    (m) => m.EditClientPage,
  ),
  lazyPage(
    'program/add/:clientId',
    () => import('./routes/programs/create-program'),
    (m) => m.CreateProgramPage,
  ),
  lazyPage(
    'program/edit/:clientId/:programId',
    () => import('./routes/programs/edit-program'),
    (m) => m.EditProgramPage,
  ),
  lazyPage(
    'program/duplicate/:clientId/:programId',
    () => import('./routes/programs/replicate-program'),
    (m) => m.ReplicateProgramPage,
  ),
  lazyPage(
    'templates',
    () => import('./routes/templates/templates'),
    (m) => m.TemplatesPage,
  ),
  lazyPage(
    'templates/:templateId',
    () => import('./routes/templates/edit-template'),
    (m) => m.EditTemplatePage,
  ),
  lazyPage(
    'library',
    () => import('./routes/library/library'),
    (m) => m.LibraryPage,
  ),
  lazyPage(
    'exercise/:exerciseId/feedback',
    () => import('./routes/feedback/exercise-feedback'),
    (m) => m.ExerciseFeedbackPage,
  ),
];

const staffRoutes: RouteObject[] = [
  lazyPage(
    'metrics',
    () => import('./routes/staff/metrics'),
    (m) => m.MetricsPage,
  ),
  lazyPage(
    'manage',
    () => import('./routes/staff/manage-users'),
    (m) => m.ManageUsersPage,
  ),
  lazyPage(
    'configure-test-server',
    () => import('./routes/staff/configure-test-server'),
    (m) => m.ConfigureTestServerPage,
  ),
];

/** The route table, each group behind its access level (docs/product/security-and-privacy.md#route-access). */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page render within the shell; the root's errorElement catches the shell's own.
        errorElement: <RouteError />,
        // Shown in the shell while the first page's chunk loads on a direct visit: on a start with a stored user, what
        // the access guard shows until the session check is done.
        hydrateFallbackElement: <LoadingText />,
        children: [
          ...loginRoutes,
          queryLayout(
            [
              ...publicRoutes,
              lazyPage(
                '*',
                () => import('./routes/not-found'),
                (m) => m.NotFoundPage,
                undefined,
                { isPublic: true },
              ),
            ],
            { isPublic: true },
          ),
          queryLayout(
            [
              guarded('authenticated', authenticatedRoutes),
              guarded('carer', carerRoutes),
              guarded('therapist', therapistRoutes),
              guarded('staff', staffRoutes),
            ],
            { isPublic: false },
          ),
        ],
      },
    ],
  },
];
