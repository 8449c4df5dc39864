/**
 * The order queue's route (docs/API.md, "Order queue"): the orders feature's queue page, loaded as its own chunk
 * like the wizard's route (the orders feature's pages are reached through the app's routes, pageModules.ts).
 */
import { OrderQueuePage } from '../features/orders/pages/OrderQueuePage';

export function OrderQueueRoute() {
  return <OrderQueuePage />;
}
