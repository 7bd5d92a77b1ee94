import { checkoutResource } from './checkout';
import { paymentResource } from './payment';
import type { PayResource } from './types';

/** Every resource of the Pay node. A new resource is a folder under `actions/` and one line here. */
export const resources: PayResource[] = [
	paymentResource,
	checkoutResource,
];
