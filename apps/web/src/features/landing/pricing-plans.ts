export type PricingPlanId = 'starter' | 'professional' | 'enterprise';

export type PricingPlan = {
  id: PricingPlanId;
  name: string;
  /** Price per month, in US dollars. */
  monthlyPrice: number;
  /** null means unlimited users. */
  maxUsers: number | null;
  summary: string;
  features: readonly string[];
  popular: boolean;
};

/** Spec section 9, "Pricing plans": Starter 29 / 25 users, Professional 79 / 100 users (popular), Enterprise 199 / unlimited. */
export const pricingPlans: readonly PricingPlan[] = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 29,
    maxUsers: 25,
    summary: 'For small teams getting organised.',
    features: [
      'Employee directory and scheduling',
      'Projects, tasks and kanban boards',
      'Time tracking',
      'Email support',
    ],
    popular: false,
  },
  {
    id: 'professional',
    name: 'Professional',
    monthlyPrice: 79,
    maxUsers: 100,
    summary: 'For growing companies running several teams.',
    features: [
      'Everything in Starter',
      'Help desk with SLA tracking',
      'Marketing automation and lead scoring',
      'Custom dashboards and reports',
      'Priority support',
    ],
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: 199,
    maxUsers: null,
    summary: 'For organisations that need scale and control.',
    features: [
      'Everything in Professional',
      'Unlimited workspaces',
      'API access and integrations',
      'Dedicated success manager',
    ],
    popular: false,
  },
];

export function describeUserLimit(plan: Pick<PricingPlan, 'maxUsers'>): string {
  return plan.maxUsers === null ? 'Unlimited users' : `Up to ${plan.maxUsers} users`;
}
