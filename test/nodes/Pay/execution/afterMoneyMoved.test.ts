import { NodeOperationError } from 'n8n-workflow';

import { failureAfterMoneyMoved } from '../../../../nodes/Pay/execution/afterMoneyMoved';
import { payNode } from '../../../harness/payNode';

const node = payNode();
const transfer = 'the transfer of 1000 COP to friend';

describe('failureAfterMoneyMoved', () => {
	it('turns a failure after a money-moving request succeeded into outcome unknown, naming what was carried out', () => {
		const bug = new TypeError("Cannot use 'in' operator to search for 'state' in 1");
		const failure = failureAfterMoneyMoved(node, 3, transfer, bug) as NodeOperationError;
		expect(failure).toBeInstanceOf(NodeOperationError);
		expect(failure.message).toBe(
			'The transfer of 1000 COP to friend was carried out, but its output could not be made',
		);
		expect(failure.description).toMatch(/Cannot use 'in' operator.*do not send it again/);
		expect(failure.context).toMatchObject({ outcome: 'unknown', itemIndex: 3 });
	});

	it('leaves other failures as they are: nothing carried out, or already with an outcome', () => {
		const bug = new TypeError('a bug');
		expect(failureAfterMoneyMoved(node, 0, undefined, bug)).toBe(bug);
		const refused = new NodeOperationError(node, 'refused');
		refused.context.outcome = 'refused';
		expect(failureAfterMoneyMoved(node, 0, transfer, refused)).toBe(refused);
	});
});
