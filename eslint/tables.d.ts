export interface LibraryHome {
  /** A package, or a family of packages when it ends in - or /. */
  name: string;
  homes: string[];
  alsoInTests?: boolean;
}
export const LIBRARIES: LibraryHome[];
export const KNOWN_FEATURE_EDGES: string[];
