import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCarer,
  buildCarerLink,
  buildClient,
  buildClinic,
  buildTherapist,
  login,
  type Session,
} from '../../../test/factories';
import { buildDailyProgram, feedbackFields } from '../../../test/feedback-factories';
import { createTestApp, nextIp, type TestApp } from '../../../test/helper';
import { buildFeedback, buildProgram, dayFrom } from '../../../test/program-factories';
import { buildLibraryItem } from '../library/library.test-support';
import { allAnswers } from '../measures/measures.test-support';
import { call } from './carers.test-support';

/*
 * Every route the app registers, as a carer meets it (docs/product/carers.md). The table below classifies each one;
 * a route missing from it fails the first test, so a new route cannot ship without deciding what a carer may do with
 * it. Classes:
 *   own    the carer's own account, public calls, or nothing about a client: not called as the client's carer here
 *          (only checked not to show the client to a carer who has no link to them);
 *   read   a read of the client's record: any live link answers 2xx; no live link 404;
 *   log    a record made for the client: `log` (and `full`) 2xx with a valid body, `view` 403, no live link 404;
 *   full   the client's conversation: a `full` link 2xx, `view` and `log` 403, no live link 404;
 *   never  care-team, staff and program-editing calls, and what no level opens yet: never 2xx for any carer. Without
 *          a link: 403 where a role guard (therapist, staff) answers first, else 404. With a link: any refusal
 *          (REFUSALS), e.g. 400 for a body checked before the level is.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Seed = Awaited<ReturnType<typeof seed>>;
interface Request {
  /** Appended to the URL once its path parameters are filled. */
  query?: (s: Seed) => string;
  body?: (s: Seed) => object;
}
type Rule =
  | { kind: 'own'; why: string; call?: false }
  | ({ kind: 'read' } & Request)
  | ({ kind: 'log' } & Request)
  | ({ kind: 'full' } & Request)
  | ({ kind: 'never' } & Request);

const own = (why: string, options: { call?: false } = {}): Rule => ({ kind: 'own', why, ...options });
const read = (request: Request = {}): Rule => ({ kind: 'read', ...request });
const log = (request: Request): Rule => ({ kind: 'log', ...request });
const full = (request: Request = {}): Rule => ({ kind: 'full', ...request });
const never = (request: Request = {}): Rule => ({ kind: 'never', ...request });

const NOW = new Date('2026-03-04T09:00:00Z');
const MONTH = '2026-03';
/** Written into the client's name, program, feedback and messages: none of it may reach a carer without a link. */
const MARKER = 'Quillfeather';

const CARER_ROUTES: Record<string, Rule> = {
  // Public, the session, the carer's own account and devices.
  'GET /api/health/': own('public'),
  'GET /api/docs': own('public API description'),
  'POST /api/login/': own('sign-in', { call: false }),
  'POST /api/logout/': own('ends the caller’s session', { call: false }),
  'POST /api/logout/all/': own('ends the caller’s sessions', { call: false }),
  'POST /api/token/refresh/': own('the caller’s session', { call: false }),
  'POST /api/terms/': own('the caller accepts the terms', { call: false }),
  'POST /api/confirm-email/': own('a token mailed to the caller', { call: false }),
  'POST /api/check-email/': own('public', { call: false }),
  'POST /api/reset-password/': own('public', { call: false }),
  'GET /api/reset-password/validate/': own('public, a token mailed to the caller'),
  'POST /api/reset-password-confirm/': own('public, a token mailed to the caller', { call: false }),
  'POST /api/logs/': own('the web app’s own error reports', { call: false }),
  'POST /api/users/me/password/': own('the caller’s password', { call: false }),
  'GET /api/users/me/carer-access/': own('a client’s own access log (a carer gets 403)'),
  'GET /api/users/me/export/': own('the caller’s own data: a carer’s holds their own links only'),
  'GET /api/carers/me/clients/': own('the carer’s own live links'),
  'PUT /api/carers/me/clients/:link_id/': own('the carer’s own preference on their own link', {
    call: false,
  }),
  'GET /api/passkeys/': own('the caller’s passkeys'),
  'DELETE /api/passkeys/:id/': own('one of the caller’s passkeys', { call: false }),
  'POST /api/passkeys/register/options/': own('the caller adds a passkey', { call: false }),
  'POST /api/passkeys/register/': own('the caller adds a passkey', { call: false }),
  'POST /api/passkeys/sign-in/options/': own('sign-in', { call: false }),
  'POST /api/passkeys/sign-in/': own('sign-in', { call: false }),
  'POST /api/push-subscriptions/': own('the caller’s device', { call: false }),
  'DELETE /api/push-subscriptions/': own('the caller’s device', { call: false }),
  'GET /api/push-subscriptions/public-key/': own('public key'),
  'GET /api/push-subscriptions/check/': own('the caller’s device'),
  'GET /api/events/': own('the caller’s own event stream (never ends under inject)', { call: false }),
  'GET /api/messages/unread/': own('the caller’s own unread count'),
  'GET /api/measures/instruments/': own('the list of instruments'),
  'GET /api/programs/status/': own('day statuses of the caller’s own programs (a carer has none)'),
  'GET /api/media/:id/': own('a signed link: its signature is the authority', { call: false }),

  // The client's record, for any live link.
  'GET /api/users/:id/': read(),
  'GET /api/programs/': read({ query: (s) => `?client=${s.client.id}` }),
  'GET /api/programs/:id/': read(),
  'GET /api/programs/:id/status/': read({ query: () => `?month=${MONTH}` }),
  'GET /api/exercises/:id/': read(),
  'GET /api/feedback/': read({ query: (s) => `?exercise=${s.program.exerciseIds[1]}` }),
  'GET /api/feedback/completed/': read({ query: (s) => `?program=${s.program.id}&date=${s.today}` }),
  'GET /api/feedback/previous/': read({ query: (s) => `?program=${s.program.id}&date=${s.today}` }),
  'GET /api/program-feedback/': read({ query: (s) => `?program=${s.program.id}&date_completed=${s.today}` }),
  'GET /api/programs/:id/adherence/': read(),
  'GET /api/programs/:id/historical/': read({ query: () => `?datetime=${NOW.toISOString()}` }),
  'GET /api/clients/:client_id/measures/': read(),
  'GET /api/clients/:client_id/measures/:instrument/scores/': read(),

  // Records made for the client, and the due list they are made from: a `log` or `full` link.
  'POST /api/feedback/': log({ body: (s) => feedbackFields(s.ctx, s.program.exerciseIds[0]!) }),
  'GET /api/measures/due/': log({ query: (s) => `?client_id=${s.client.id}` }),
  'POST /api/measures/assignments/:id/responses/': log({
    body: () => ({ answers: allAnswers('gad7', 7, 1) }),
  }),

  // The client's conversation: a `full` link.
  'GET /api/clients/:client_id/messages/': full(),
  'POST /api/clients/:client_id/messages/': full({ body: () => ({ text: 'Sent by a carer' }) }),
  'POST /api/clients/:client_id/messages/read/': full({ body: (s) => ({ up_to: s.messageId }) }),

  // Never for a carer: the care team's and staff's calls, program edits, and what no level opens yet.
  'PUT /api/users/:id/': never({
    body: (s) => ({ email: s.client.email, first_name: 'Changed', last_name: 'ByCarer', mobile: '' }),
  }),
  'PATCH /api/users/:id/': never({ body: () => ({ receives_notifications: false }) }),
  'GET /api/users/': never(),
  'GET /api/users/clients/': never(),
  'GET /api/users/clients/:id/progress/': never(),
  'GET /api/users/client_details/': never({ query: (s) => `?id=${s.client.id}` }),
  'POST /api/users/add/': never({
    body: () => ({ first_name: 'New', last_name: 'Client', email: 'new-client@example.test' }),
  }),
  'POST /api/users/add_therapist/': never({
    body: (s) => ({
      first_name: 'New',
      last_name: 'Therapist',
      email: 'new-t@example.test',
      clinic_id: s.clinicId,
    }),
  }),
  'POST /api/users/add_therapist_csv/': never({ body: () => ({}) }),
  'PUT /api/users/edit_client/': never({
    body: (s) => ({
      id: s.client.id,
      first_name: 'Changed',
      last_name: 'ByCarer',
      date_of_birth: '1960-05-01',
      email: s.client.email,
      mobile: '0400 111 222',
    }),
  }),
  'POST /api/users/deactivate/': never({ body: (s) => ({ userIds: [s.client.id] }) }),
  'POST /api/users/:id/erase/': never(),
  'POST /api/clients/:client_id/measures/': never({
    body: (s) => ({ instrument: 'phq9', first_due: s.today, every_days: 14 }),
  }),
  'DELETE /api/measures/assignments/:id/': never(),
  // Someone else's message (the therapist's).
  'DELETE /api/messages/:id/': never(),
  'POST /api/clients/:client_id/carers/': never({
    body: () => ({
      first_name: 'Other',
      last_name: 'Helper',
      email: `helper-${Math.random().toString(36).slice(2, 10)}@example.test`,
      relationship: 'Friend',
      access: 'full',
    }),
  }),
  'GET /api/clients/:client_id/carers/': never(),
  // The record as FHIR is for the care team, staff and the client (docs/product/records.md#fhir-export).
  'GET /api/clients/:client_id/fhir/': never(),
  'PUT /api/carers/links/:id/': never({ body: () => ({ access: 'full', expires_on: null }) }),
  'DELETE /api/carers/links/:id/': never(),
  'GET /api/attention/': never(),
  'POST /api/attention/:client_id/reviewed/': never({ body: () => ({ codes: ['pain'] }) }),
  'DELETE /api/attention/:client_id/reviewed/': never({ query: () => '?codes=pain' }),
  'POST /api/programs/': never({
    body: (s) => ({ client: s.client.id, name: 'Carer plan', start_date: s.today, exercises: [] }),
  }),
  'PUT /api/programs/:id/': never({ body: (s) => ({ client: s.client.id, name: 'Renamed by a carer' }) }),
  'DELETE /api/programs/:id/': never(),
  'POST /api/program-versions/create_version/': never({
    body: (s) => ({ program: s.program.id, change_reason: 'Carer edit' }),
  }),
  'POST /api/exercises/': never({ body: (s) => ({ program: s.program.id, name: 'Added', position: 9 }) }),
  'POST /api/exercises/batch_create/': never({ body: (s) => ({ program: s.program.id, exercises: [] }) }),
  'PUT /api/exercises/:id/': never({ body: (s) => ({ program: s.program.id, name: 'Renamed' }) }),
  'DELETE /api/exercises/:id/': never(),
  // The seeded entry is the client's own: a carer changes only entries they entered (carers-feedback.test.ts).
  'PUT /api/feedback/:id/': never({ body: () => ({ effort_rating: 1, feeling: 'Changed by a carer' }) }),
  'GET /api/library/exercises/': never(),
  'POST /api/library/exercises/': never({ body: () => ({ name: 'Carer item', instructions: 'Do it.' }) }),
  'POST /api/library/exercises/from-exercise/': never({
    body: (s) => ({ exercise_id: s.program.exerciseIds[0] }),
  }),
  'GET /api/library/exercises/:id/': never(),
  'PUT /api/library/exercises/:id/': never({ body: () => ({ name: 'Renamed', instructions: 'Do it.' }) }),
  'DELETE /api/library/exercises/:id/': never(),
  'GET /api/library/tags/': never(),
  'GET /api/templates/': never(),
  'POST /api/templates/': never({ body: () => ({ name: 'Carer template', exercises: [] }) }),
  'POST /api/templates/from-program/': never({ body: (s) => ({ program_id: s.program.id, name: 'Copied' }) }),
  'GET /api/templates/:id/': never(),
  'PUT /api/templates/:id/': never({ body: () => ({ name: 'Renamed', exercises: [] }) }),
  'DELETE /api/templates/:id/': never(),
  'GET /api/clinics/': never(),
  'POST /api/clinics/': never({ body: () => ({ name: 'Carer clinic' }) }),
  'GET /api/clinics/:id/': never(),
  'PATCH /api/clinics/:id/': never({ body: () => ({ name: 'Renamed clinic' }) }),
  'GET /api/metrics/': never(),
  'GET /api/test-server/status/': never(),
  'POST /api/test-server/refresh/': never(),
};

/** The id each path parameter takes, by the route it is in: the seeded client's records. */
function paramValue(url: string, name: string, s: Seed): string {
  if (name === 'client_id') return String(s.client.id);
  if (name === 'instrument') return 'gad7';
  const ids: [string, number][] = [
    ['/api/users/', s.client.id],
    ['/api/programs/', s.program.id],
    ['/api/exercises/', s.program.exerciseIds[0]!],
    ['/api/feedback/', s.feedbackId],
    ['/api/measures/assignments/:id/responses/', s.gad7],
    // Stopping a measure uses another assignment, so that a wrong answer cannot take the one the carer answers.
    ['/api/measures/assignments/', s.phq9],
    ['/api/messages/', s.messageId],
    ['/api/carers/links/', s.otherLinkId],
    ['/api/library/exercises/', s.libraryItemId],
    ['/api/templates/', s.templateId],
    ['/api/clinics/', s.clinicId],
  ];
  const found = ids.find(([prefix]) => url.startsWith(prefix));
  if (!found) throw new Error(`no value for :${name} in ${url}: add one to paramValue`);
  return String(found[1]);
}

function requestOf(route: string, rule: Rule, s: Seed) {
  const [method, url] = route.split(' ') as [Method, string];
  const path = url.replace(/:(\w+)/g, (_, name: string) => paramValue(url, name, s));
  const request: Request = rule.kind === 'own' ? {} : rule;
  return { method, url: path + (request.query?.(s) ?? ''), payload: request.body?.(s) };
}

async function send(session: Session, route: string, s: Seed) {
  const { method, url, payload } = requestOf(route, CARER_ROUTES[route]!, s);
  const res = await t.app.inject({ method, url, payload, headers: session.headers, remoteAddress: nextIp() });
  return { status: res.statusCode, body: res.body };
}

/** Each route of `kind` as `session`: `route -> status`. */
async function statusesOf(session: Session, kinds: Rule['kind'][], s: Seed) {
  const out: Record<string, number> = {};
  for (const route of routesOf(kinds)) out[route] = (await send(session, route, s)).status;
  return out;
}

const routesOf = (kinds: Rule['kind'][]) =>
  Object.entries(CARER_ROUTES)
    .filter(([, rule]) => kinds.includes(rule.kind) && !(rule.kind === 'own' && rule.call === false))
    .map(([route]) => route);

/** Refusals that are not 2xx and say nothing about the client. */
const REFUSALS = [400, 401, 403, 404, 405, 409, 413, 415, 422, 429];
const expectAll = (statuses: Record<string, number>, ok: (status: number) => boolean, what: string) =>
  expect(
    Object.entries(statuses).filter(([, status]) => !ok(status)),
    what,
  ).toEqual([]);

const registered: string[] = [];
let t: TestApp;
let s: Seed;
const sessions = {} as Record<'none' | 'view' | 'log' | 'full', Session>;

async function seed() {
  const clinicId = await buildClinic(t.ctx);
  const therapist = await buildTherapist(t.ctx, clinicId);
  // The marker in the client's name: any answer that names them names it.
  const client = await buildClient(t.ctx, clinicId, therapist.id, {
    firstName: MARKER,
    lastName: `${MARKER}son`,
  });
  const program = await buildDailyProgram(t.ctx, client.id, therapist.id, { name: `${MARKER} walking` });
  const draft = await buildProgram(t.ctx, client.id, therapist.id, {
    name: `${MARKER} draft`,
    isDraft: true,
  });
  const feedbackId = await buildFeedback(t.ctx, program.exerciseIds[1]!, { feeling: `${MARKER} felt tired` });
  const assign = async (instrument: string) => {
    const res = await call(t, therapist, 'POST', `/api/clients/${client.id}/measures/`, {
      instrument,
      first_due: dayFrom(t.ctx),
      every_days: 0,
    });
    if (res.statusCode !== 201) throw new Error(`assign ${instrument}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: number }>().id;
  };
  const gad7 = await assign('gad7');
  const phq9 = await assign('phq9');
  const message = await call(t, therapist, 'POST', `/api/clients/${client.id}/messages/`, {
    text: `${MARKER}, how did the walk go?`,
  });
  if (message.statusCode !== 201) throw new Error(`message: ${message.statusCode} ${message.body}`);
  const otherCarer = await buildCarer(t.ctx);
  const otherLinkId = await buildCarerLink(t.ctx, otherCarer.id, client.id, therapist.id);
  const libraryItemId = await buildLibraryItem(t, { clinicId, createdById: therapist.id });
  const template = await call(t, therapist, 'POST', '/api/templates/from-program/', {
    program_id: program.id,
    name: 'Walking template',
  });
  if (template.statusCode !== 201) throw new Error(`template: ${template.statusCode} ${template.body}`);

  // Carers: one linked to someone else only, one `view` and one `log` link to the client.
  const stranger = await buildClient(t.ctx, clinicId, therapist.id);
  const unlinked = await buildCarer(t.ctx);
  await buildCarerLink(t.ctx, unlinked.id, stranger.id, therapist.id, { access: 'full' });
  const viewer = await buildCarer(t.ctx);
  const viewLinkId = await buildCarerLink(t.ctx, viewer.id, client.id, therapist.id, { access: 'view' });
  const logger = await buildCarer(t.ctx);
  await buildCarerLink(t.ctx, logger.id, client.id, therapist.id, { access: 'log' });
  const fuller = await buildCarer(t.ctx);
  await buildCarerLink(t.ctx, fuller.id, client.id, therapist.id, { access: 'full' });
  return {
    ctx: t.ctx,
    today: dayFrom(t.ctx),
    clinicId,
    therapist,
    client,
    program,
    draft,
    feedbackId,
    gad7,
    phq9,
    messageId: message.json<{ id: number }>().id,
    otherLinkId,
    libraryItemId,
    templateId: template.json<{ id: number }>().id,
    carers: { unlinked, viewer, logger, fuller },
    viewLinkId,
  };
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && method !== 'OPTIONS') registered.push(`${method} ${route.url}`);
      },
    },
  );
  t.clock.set(NOW);
  s = await seed();
  sessions.none = await login(t, s.carers.unlinked);
  sessions.view = await login(t, s.carers.viewer);
  sessions.log = await login(t, s.carers.logger);
  sessions.full = await login(t, s.carers.fuller);
});
afterAll(() => t.close());

describe('every route is classified for carers', () => {
  it('has a rule for each registered route, and no rule for a route that is gone', () => {
    expect(registered.length).toBeGreaterThan(50);
    const unclassified = registered.filter((route) => !(route in CARER_ROUTES));
    expect(unclassified.map((route) => `route ${route} is not classified for carers`)).toEqual([]);
    const stale = Object.keys(CARER_ROUTES).filter((route) => !registered.includes(route));
    expect(stale.map((route) => `route ${route} is classified but not registered`)).toEqual([]);
  });
});

describe('the carer route matrix (docs/product/carers.md)', () => {
  it('a carer without a link to the client: 404 for the record, 403 or 404 elsewhere, never the client’s data', async () => {
    const scoped = await statusesOf(sessions.none, ['read', 'log', 'full'], s);
    expectAll(scoped, (status) => status === 404, 'reads and records answer 404');
    // 403 where a role guard (therapist, staff) answers first, 404 where the client's scope does.
    const never = await statusesOf(sessions.none, ['never'], s);
    expectAll(never, (status) => status === 403 || status === 404, 'the rest answers 403 or 404');
    for (const route of routesOf(['own', 'read', 'log', 'full', 'never'])) {
      const { body } = await send(sessions.none, route, s);
      expect(body.includes(MARKER), `${route} shows the client to a carer without a link`).toBe(false);
    }
  });

  it('a view link: the reads answer 2xx, a record 403, the rest never 2xx', async () => {
    expectAll(await statusesOf(sessions.view, ['read'], s), (status) => status === 200, 'reads answer 200');
    expectAll(
      await statusesOf(sessions.view, ['log', 'full'], s),
      (status) => status === 403,
      'writes answer 403',
    );
    const never = await statusesOf(sessions.view, ['never'], s);
    expectAll(never, (status) => REFUSALS.includes(status), 'the rest is refused');
  });

  it('a view link never reads a draft: each read of a program or its exercises answers 404 for the draft', async () => {
    const onDraft = { ...s, program: s.draft };
    const statuses: Record<string, number> = {};
    for (const route of routesOf(['read'])) {
      const rule = CARER_ROUTES[route]!;
      const request = requestOf(route, rule, onDraft);
      // The reads that do not name a program (the profile, the measures) are the same on the draft: not here.
      if (request.url === requestOf(route, rule, s).url) continue;
      const res = await t.app.inject({ ...request, headers: sessions.view.headers, remoteAddress: nextIp() });
      statuses[route] = res.statusCode;
    }
    expect(Object.keys(statuses).length).toBeGreaterThan(5);
    expectAll(statuses, (status) => status === 404, 'reads of the draft answer 404');
  });

  it('a log link: the reads answer 2xx, valid records are saved, the rest never 2xx', async () => {
    expectAll(await statusesOf(sessions.log, ['read'], s), (status) => status === 200, 'reads answer 200');
    expectAll(
      await statusesOf(sessions.log, ['log'], s),
      (status) => status === 200 || status === 201,
      'records are saved, due lists read',
    );
    expectAll(await statusesOf(sessions.log, ['full'], s), (status) => status === 403, 'messages answer 403');
    const never = await statusesOf(sessions.log, ['never'], s);
    expectAll(never, (status) => REFUSALS.includes(status), 'the rest is refused');
  });

  it('a full link: the reads and the conversation answer 2xx, the rest never 2xx', async () => {
    const ok = (status: number) => status >= 200 && status < 300;
    expectAll(await statusesOf(sessions.full, ['read', 'full'], s), ok, 'reads and messages answer 2xx');
    const never = await statusesOf(sessions.full, ['never'], s);
    expectAll(never, (status) => REFUSALS.includes(status), 'the rest is refused');
  });

  it('an ended link: the former carer’s next read answers 404, with the same token', async () => {
    const ended = await call(t, s.therapist, 'DELETE', `/api/carers/links/${s.viewLinkId}/`);
    expect(ended.statusCode).toBe(204);
    expectAll(await statusesOf(sessions.view, ['read'], s), (status) => status === 404, 'reads answer 404');
    expectAll(
      await statusesOf(sessions.view, ['log', 'full'], s),
      (status) => status === 404,
      'writes answer 404',
    );
  });
});
