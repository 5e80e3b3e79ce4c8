export { OrderCard } from './OrderCard';
export { OrderStateBadge } from './OrderStateBadge';
export { OrdersFrame, OrdersPage } from './OrdersPage';
export { canRepeatPayment, hasResults, isOnlinePayment, ORDER_STATES, STATE_LOOK } from './orderStates';
