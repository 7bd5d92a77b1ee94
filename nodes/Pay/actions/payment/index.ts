import type { PayResource } from '../types';
import { estimateFees } from './estimateFees';

export const paymentResource: PayResource = {
	value: 'payment',
	name: 'Payment',
	description: 'Payment objects (payment links): create, read, edit, expire, estimate fees',
	defaultOperation: 'estimateFees',
	operations: [estimateFees],
};
