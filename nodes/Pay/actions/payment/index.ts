import type { PayResource } from '../types';
import { createPaymentAndWait } from './createAndWait.operation';
import { createPayment } from './create.operation';
import { estimateFees } from './estimateFees.operation';
import { expirePayment } from './expire.operation';
import { getPayment } from './get.operation';
import { getWaitedLinks } from './getWaitedLinks.operation';
import { updatePayment } from './update.operation';

export const paymentResource: PayResource = {
	value: 'payment',
	name: 'Payment',
	description: 'Payment objects (payment links): create, read, edit, expire, estimate fees',
	defaultOperation: 'create',
	operations: [
		createPayment,
		createPaymentAndWait,
		estimateFees,
		expirePayment,
		getPayment,
		getWaitedLinks,
		updatePayment,
	],
};
