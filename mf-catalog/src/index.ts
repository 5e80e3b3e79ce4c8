// A remote is used through its remoteEntry.js; this entry only gives webpack a starting point.
export {};
