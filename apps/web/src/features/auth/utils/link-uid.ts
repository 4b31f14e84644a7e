/** The user id in an emailed link's `{uid}` (base64url of the id, as the server writes it), or null. */
export function userIdOfLink(uid: string): number | null {
  try {
    const base64 = uid.replace(/-/g, '+').replace(/_/g, '/');
    const id = Number(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
