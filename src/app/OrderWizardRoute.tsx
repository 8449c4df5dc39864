/**
 * The order wizard's route: the orders feature's page given the work-requests feature's assignee picker (features
 * do not import each other; the app puts them together), so the wizard's translator step offers the same people,
 * in the same control, as assigning an existing order does.
 */
import { AssigneePicker } from '../features/work-requests/components/AssigneePicker';
import { OrderWizardPage } from '../features/orders/pages/OrderWizardPage';

export function OrderWizardRoute() {
  return <OrderWizardPage assigneePicker={AssigneePicker} />;
}
