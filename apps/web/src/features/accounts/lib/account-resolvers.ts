import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, signupSchema } from '@atrium/shared';

// The sign-in and sign-up forms' validation, loaded on first use (lazyResolver): zod is a fifth of
// what those pages would otherwise download before they can be used.
export const loginResolver = zodResolver(loginSchema);
export const signupResolver = zodResolver(signupSchema);
