export type PlanClass = 'free' | 'business' | 'paid';

/** SPEC §4, §6: a plan is classed free or business from its alias; no alias reads as Free. */
export const planClass = (alias: string | undefined | null): PlanClass =>
  !alias || alias.includes('free') ? 'free' : alias.includes('business') ? 'business' : 'paid';
