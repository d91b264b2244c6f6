/** Spec 1 and 9: every new workspace starts with a free trial of this many days. */
export const trialDays = 14;
