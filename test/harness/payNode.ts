/** The Pay node as a reader or an error of the package is handed it, for tests of one module. */
import type { INode } from 'n8n-workflow';

export function payNode(typeVersion = 1): INode {
	return {
		id: '1',
		name: 'Pay',
		type: 'n8n-nodes-pay.pay',
		typeVersion,
		position: [0, 0],
		parameters: {},
	};
}
