export * from './headless';
export { TapStandIn } from './TapStandIn';
