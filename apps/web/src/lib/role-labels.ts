import type { Role } from '@atrium/shared';

/** Spec section 6 names the roles Admin, Manager, Employee and Contractor; Customer is the portal user. */
export const roleLabels: Record<Role, string> = {
  admin: 'Admin',
  manager: 'Manager',
  employee: 'Employee',
  contractor: 'Contractor',
  customer: 'Customer',
};
