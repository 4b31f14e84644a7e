/** The user id in an emailed link (`/reset-password/{uid}/{token}`, `/confirm-email/{uid}/{token}`). */
export const encodeUid = (userId: number) => Buffer.from(String(userId)).toString('base64url');

export function decodeUid(uid: string): number | null {
  const id = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
