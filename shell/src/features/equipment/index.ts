export { EquipmentPage } from './EquipmentPage';
