// The feature's face without React or styles: for the shell's server (scripts/boundaries.mjs).
export { CRUMBS } from './definitions';
export { buildTrail, type Crumb, type CrumbDefinition } from './trail';
