// The jest-dom matchers that packages/config/jest/setup-dom.cjs installs, for every project's tests.
/// <reference types="@testing-library/jest-dom" />
