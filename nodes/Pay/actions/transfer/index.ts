import type { PayResource } from '../types';
import { listTransfers } from './list';
import { sendTransfer } from './send';

export const transferResource: PayResource = {
	value: 'transfer',
	name: 'Transfer',
	description: 'Send balance to another user and list the transfers made or received',
	defaultOperation: 'send',
	operations: [listTransfers, sendTransfer],
};
