/** The Idempotency Key field: where it is shown, and what an empty one does there. */
import type { INodeProperties } from 'n8n-workflow';

import { Pay } from '../../nodes/Pay/Pay.node';

const keyFields = new Map(
	new Pay().description.properties.flatMap((property) =>
		((property.type === 'collection' ? property.options : []) as INodeProperties[])
			.filter((child) => child.name === 'idempotencyKey')
			.map((child) => [
				`${property.displayOptions?.show?.resource} → ${property.displayOptions?.show?.operation}`,
				child,
			]),
	),
);

describe('Idempotency Key', () => {
	it('is offered by the operations that create a link or send a withdrawal, waiting or not', () => {
		expect([...keyFields.keys()].sort()).toEqual([
			'payment → create',
			'payment → createAndWait',
			'withdrawal → withdraw',
			'withdrawal → withdrawAndWait',
		]);
	});

	it("Payment → Create: an empty key is derived from the trigger's data and the item, so no Retry creates twice", () => {
		const { description } = keyFields.get('payment → create') as INodeProperties;
		expect(description).toMatch(/Empty: one derived from the trigger's data and the item/);
		expect(description).toMatch(/Retry On Fail nor a Retry of the execution/);
	});

	it('Withdrawal → Withdraw: an empty key is the Reference, so the service refuses a repeat from another worker', () => {
		const { description } = keyFields.get('withdrawal → withdraw') as INodeProperties;
		expect(description).toMatch(/Empty: the Reference is sent as the key/);
		expect(description).toMatch(/two workers at the same instant/);
	});
});
