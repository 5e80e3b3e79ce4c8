export { VitalsChart, type VitalsChartProps } from './VitalsChart';
