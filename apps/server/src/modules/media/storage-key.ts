import { randomUUID } from 'node:crypto';

/** Keys are ours (random UUIDs); anything else is refused so a key can never point outside the store. */
const KEY = /^[a-f0-9-]{36}$/;

export const newStorageKey = () => randomUUID();

export function checkedStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid storage key');
  return key;
}
