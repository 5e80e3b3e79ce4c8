export { OrderCard } from './OrderCard';
export { OrderStateBadge } from './OrderStateBadge';
export { OrdersPage } from './OrdersPage';
export { canRepeatPayment, hasResults, isOnlinePayment, ORDER_STATES, STATE_LOOK } from './orderStates';
