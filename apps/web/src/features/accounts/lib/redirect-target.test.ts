import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, signedInDestination, signInPathFor } from './redirect-target';

describe('safeRedirectTarget', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeRedirectTarget('/team/scheduling')).toBe('/team/scheduling');
    expect(safeRedirectTarget('/settings?tab=members')).toBe('/settings?tab=members');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      // Browsers strip tab, CR and LF from URLs: each of these is "//evil.example/phish" to them.
      '/\t/evil.example/phish',
      '/\n/evil.example/phish',
      '/\r/evil.example/phish',
      '\t//evil.example/phish',
      '/\t\\evil.example/phish',
      decodeURIComponent('%2F%09%2Fevil.example%2Fphish'),
      decodeURIComponent('%2F%0A%2Fevil.example%2Fphish'),
      decodeURIComponent('%2F%0D%2Fevil.example%2Fphish'),
      decodeURIComponent('%2F%0D%0A%2Fevil.example%2Fphish'),
      '/\\/evil.example',
      '\\\\evil.example',
      'http:evil.example',
      'https:/evil.example',
      ' //evil.example',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(safeRedirectTarget(value)).toBeNull();
    }
  });

  it('keeps the target a browser would follow, without the characters it would drop', () => {
    expect(safeRedirectTarget('/team/\tscheduling')).toBe('/team/scheduling');
  });

  it('refuses nothing at all and the sign-in pages themselves', () => {
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
    expect(safeRedirectTarget('/login?redirectTo=/x')).toBeNull();
    expect(safeRedirectTarget('/signup')).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('asks the sign-in page to come back to the path', () => {
    expect(signInPathFor('/team/scheduling')).toBe('/login?redirectTo=%2Fteam%2Fscheduling');
  });

  it('drops a target it would not follow', () => {
    expect(signInPathFor('//evil.example')).toBe('/login');
  });
});

describe('signedInDestination', () => {
  it('returns to the page asked for', () => {
    expect(signedInDestination('manager', '?redirectTo=%2Fteam%2Fscheduling')).toBe('/team/scheduling');
  });

  it("goes to the role's home without a target, or with one it would not follow", () => {
    expect(signedInDestination('employee', '')).toBe('/dashboard');
    expect(signedInDestination('customer', '?redirectTo=%2F%2Fevil.example')).toBe('/helpdesk/portal');
  });
});
