import type { PayResource } from '../types';
import { getManyTransfers } from './getAll.operation';
import { sendTransfer } from './send.operation';

export const transferResource: PayResource = {
	value: 'transfer',
	name: 'Transfer',
	description: 'Send balance to another user and list the transfers made or received',
	defaultOperation: 'send',
	operations: [getManyTransfers, sendTransfer],
};
