/** The texts of the choice for a result that still changes the room, each written once. */
export const STRUCTURE_CHOICE_TOASTS = {
  restaging: { title: 'Restaging', description: 'Your photo is being staged again, as a new project.' },
  restageFailed: 'Restaging failed',
  keepFailed: 'Could not keep it as a concept',
} as const;

/** Asked before a restaging spends its credit. */
export const RESTAGE_CONFIRM = {
  title: 'Restage this photo?',
  /** `name`: the new project's; null for a property's room, restaged in its place. */
  description: (name: string | null, free = false) =>
    `${name ? `It is staged again as a new project named '${name}'` : 'The room is staged again in its place'}, keeping the room as it is. ${free ? 'This one is free: our check flagged the last result.' : 'This uses one credit (Pro: unlimited).'}`,
  confirm: 'Restage',
  busy: 'Restaging...',
} as const;
