import type { PayResource } from '../types';
import { createPayment } from './create';
import { estimateFees } from './estimateFees';
import { expirePayment } from './expire';
import { getPayment } from './get';
import { updatePayment } from './update';

export const paymentResource: PayResource = {
	value: 'payment',
	name: 'Payment',
	description: 'Payment objects (payment links): create, read, edit, expire, estimate fees',
	defaultOperation: 'create',
	operations: [createPayment, estimateFees, expirePayment, getPayment, updatePayment],
};
