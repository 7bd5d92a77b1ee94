import type { PayResource } from '../types';
import { withdrawAndWait } from './withdrawAndWait.operation';
import { withdrawToKey } from './withdraw.operation';

export const withdrawalResource: PayResource = {
	value: 'withdrawal',
	name: 'Withdrawal',
	description: 'Withdraw balance to an instant-payment key in Colombia',
	defaultOperation: 'withdraw',
	operations: [withdrawToKey, withdrawAndWait],
};
