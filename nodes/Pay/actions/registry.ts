import { accountResource } from './account';
import { cardResource } from './card';
import { checkoutResource } from './checkout';
import { paymentResource } from './payment';
import { transferResource } from './transfer';
import type { PayResource } from './types';
import { withdrawalResource } from './withdrawal';

/**
 * Every resource of the Pay node. A new resource is a folder under `actions/` and one line here.
 */
export const resources: PayResource[] = [
	paymentResource,
	checkoutResource,
	transferResource,
	accountResource,
	withdrawalResource,
	cardResource,
];
