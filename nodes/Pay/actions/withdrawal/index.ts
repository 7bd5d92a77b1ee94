import type { PayResource } from '../types';
import { withdrawToKey } from './withdraw.operation';

export const withdrawalResource: PayResource = {
	value: 'withdrawal',
	name: 'Withdrawal',
	description: 'Withdraw balance to an instant-payment key in Colombia',
	defaultOperation: 'withdraw',
	operations: [withdrawToKey],
};
