// Boot phases, in order. A tap or registry change after its phase has closed throws.

export const PHASES = [
  'created', 'register', 'registerModels', 'buildRoutes', 'sync', 'bootstrap', 'ready', 'destroyed',
] as const;
export type Phase = (typeof PHASES)[number];

export function phaseIndex(phase: Phase): number {
  return PHASES.indexOf(phase);
}
