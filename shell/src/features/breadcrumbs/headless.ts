// The feature's face without React or styles: for the shell's server (scripts/boundaries.mjs).
export { buildTrail, type Crumb, type CrumbDefinition } from './trail';
