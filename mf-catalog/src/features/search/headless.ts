// The feature's face without React or styles: for the routes' handles (scripts/boundaries.mjs).
export { searchHead } from './head';
