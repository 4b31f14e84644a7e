import type { AppContext } from '../context';
import { randomToken } from '../lib/crypto';
import { hashPassword } from '../modules/auth/passwords';
import { insertClinic } from '../modules/clinics/clinics.repository';
import { countUsers, insertUser } from '../modules/users/users.repository';
import { seedDemoPrograms } from './demo-programs';
import { seedDemoTemplate } from './demo-templates';

interface DemoUser {
  role: 'staff' | 'therapist' | 'client';
  email: string;
  firstName: string;
  lastName: string;
}

const DEMO_USERS: DemoUser[] = [
  { role: 'staff', email: 'admin@demo.clinic', firstName: 'Sam', lastName: 'Admin' },
  { role: 'therapist', email: 'therapist@demo.clinic', firstName: 'Tara', lastName: 'Nguyen' },
  { role: 'client', email: 'client@demo.clinic', firstName: 'Chris', lastName: 'Walker' },
  { role: 'client', email: 'client2@demo.clinic', firstName: 'Robin', lastName: 'Patel' },
];

/**
 * On an empty database: a demo clinic with a staff user, a therapist, two clients and their programs with feedback;
 * prints the logins once.
 */
export async function seedDemoIfEmpty(
  ctx: Pick<AppContext, 'db'>,
  print: (line: string) => void,
): Promise<boolean> {
  if ((await countUsers(ctx.db)) > 0) return false;
  const clinicId = await insertClinic(ctx.db, 'Demo Clinic');
  const logins: string[] = [];
  let therapistId: number | null = null;
  const ids = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const password = randomToken(12);
    const id = await insertUser(ctx.db, {
      email: demo.email,
      firstName: demo.firstName,
      lastName: demo.lastName,
      passwordHash: await hashPassword(password),
      mobile: '0400 000 000',
      agreedToTerms: true,
      isStaff: demo.role === 'staff',
      isTherapist: demo.role === 'therapist',
      ...(demo.role === 'therapist' ? { therapist: { discipline: 'Physiotherapist', clinicId } } : {}),
      ...(demo.role === 'client'
        ? {
            dateOfBirth: demo.firstName === 'Chris' ? '1958-03-14' : '1971-09-02',
            client: {
              condition: demo.firstName === 'Chris' ? 'Stroke' : 'Multiple Sclerosis',
              clinicId,
              createdById: therapistId,
            },
          }
        : {}),
    });
    if (demo.role === 'therapist') therapistId = id;
    ids.set(demo.email, id);
    logins.push(`  ${demo.role.padEnd(9)} ${demo.email.padEnd(24)} ${password}`);
  }
  await seedDemoPrograms(ctx.db, {
    therapistId: therapistId!,
    chrisId: ids.get('client@demo.clinic')!,
    robinId: ids.get('client2@demo.clinic')!,
  });
  await seedDemoTemplate(ctx.db, { clinicId, therapistId: therapistId! });
  print('Demo clinic created. These logins are shown once:');
  for (const line of logins) print(line);
  return true;
}
