import { StaffMember } from '../../src/staff/entities/staff-member.entity.js';
import { hashPassword } from '../../src/staff/passwords.js';
import type { TestApp } from './test-app.js';
import type { StaffRole } from '../../src/common/staff-user.dto.js';

/** Creates a staff member with the role and signs in; answers the Authorization header value. */
export async function signIn(
  t: TestApp,
  role: StaffRole,
  username = `${role}-${Math.random().toString(36).slice(2, 8)}`,
) {
  const password = `${username}-password`;
  await t.db.getRepository(StaffMember).save({ username, passwordHash: await hashPassword(password), role });
  const res = await t
    .http()
    .post('/api/admin/login')
    .set('x-forwarded-for', `10.200.0.${role === 'admin' ? 1 : 2}`)
    .send({ username, password });
  if (res.status !== 200) throw new Error(`sign-in as ${role} failed: ${res.status}`);
  return `Bearer ${res.body.token as string}`;
}
