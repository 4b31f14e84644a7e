import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../../lib/logout';

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
