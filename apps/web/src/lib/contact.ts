/** Where people reach the Atrium team; the only contact channel we offer (no phone line). */
export const supportEmail = 'support@atrium.example';

export function supportMailto(subject: string): string {
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`;
}
