// The release tests' builds are @lab/releases's (test/release-fixtures.mjs); this path gives them to what
// still imports it here.
export * from '@lab/releases/test/release-fixtures.mjs';
