/** The landing page's in-page anchors (spec section 2, "Layouts": public header on /). */
export const landingSections = [
  { id: 'features', label: 'Features' },
  { id: 'solutions', label: 'Solutions' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'resources', label: 'Resources' },
] as const;
