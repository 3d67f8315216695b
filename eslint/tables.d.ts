export interface LibraryHome {
  /** A package, or a family of packages when it ends in - or /. */
  name: string;
  homes: string[];
  alsoInTests?: boolean;
}
export const LIBRARIES: LibraryHome[];
export const KNOWN_FEATURE_EDGES: string[];
export const GROUPS: Record<string, string[]>;
export const LAYERS: Record<string, { may: string[]; npm?: string[] }>;
export interface OneHome {
  homes: string[];
  message: string;
}
export const ONE_HOME: { env: OneHome; apiPaths: OneHome; collections: OneHome };
