import { useCallback, useRef, useState } from 'react';
import { looksLikeEmail, normalizeEmail } from '@hep/shared/domain/email';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiFetch } from './api-client';
import { isApiError } from './api-error';

export function checkEmailExists(email: string): Promise<{ exists: boolean }> {
  return apiFetch<{ exists: boolean }>('/check-email/', { method: 'POST', body: { email } });
}

/**
 * The email availability check of docs/product/accounts.md#email-check, run when the email field loses focus.
 * `currentEmail` is the address the record already has (no check for it). The error clears when the email is edited.
 */
export function useEmailAvailability(currentEmail: string | null) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const check = useCallback(
    async (value: string) => {
      const email = value.trim();
      if (!email || !looksLikeEmail(email)) return;
      if (currentEmail && normalizeEmail(email) === normalizeEmail(currentEmail)) return;
      const request = ++latest.current;
      setChecking(true);
      try {
        const { exists } = await checkEmailExists(email);
        if (request === latest.current)
          setError(exists ? i18n._(msg`This email is already registered.`) : null);
      } catch (failure) {
        if (request === latest.current && isApiError(failure) && failure.status === 429) {
          setError(i18n._(msg`Too many attempts. Please try again later.`));
        }
      } finally {
        if (request === latest.current) setChecking(false);
      }
    },
    [currentEmail],
  );

  /** Call on every edit of the field: drops the error and any answer still on its way. */
  const clear = useCallback(() => {
    latest.current += 1;
    setChecking(false);
    setError(null);
  }, []);

  return { checking, error, check, clear };
}
