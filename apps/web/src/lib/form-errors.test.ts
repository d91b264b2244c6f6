import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { isFieldError, setServerFieldErrors } from './form-errors';

const conflict = new ApiError({
  status: 409,
  code: 'conflict',
  message: 'An account with this email already exists',
  fields: { email: 'An account with this email already exists' },
});

describe('server field errors', () => {
  it('puts each message on its field and focuses the first', () => {
    const setError = vi.fn();
    setServerFieldErrors(conflict, ['name', 'email'], setError);
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'email',
      { type: 'server', message: 'An account with this email already exists' },
      { shouldFocus: true },
    );
  });

  it('tells a field error from a form-level one', () => {
    expect(isFieldError(conflict, ['email'])).toBe(true);
    expect(isFieldError(conflict, ['name'])).toBe(false);
    expect(isFieldError(new ApiError({ status: 401, code: 'x', message: 'x' }), ['email'])).toBe(false);
    expect(isFieldError(new Error('x'), ['email'])).toBe(false);
  });
});
