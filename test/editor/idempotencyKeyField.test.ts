/** The Idempotency Key field reads alike wherever it is shown, and says what an empty one does. */
import type { INodeProperties } from 'n8n-workflow';

import { Pay } from '../../nodes/Pay/Pay.node';

const keyFields = new Pay().description.properties.flatMap((property) =>
	((property.type === 'collection' ? property.options : []) as INodeProperties[])
		.filter((child) => child.name === 'idempotencyKey')
		.map((child) => ({
			where: `${property.displayOptions?.show?.resource} → ${property.displayOptions?.show?.operation}`,
			field: child,
		})),
);

describe('Idempotency Key', () => {
	it('is offered by Payment → Create and Withdrawal → Withdraw', () => {
		expect(keyFields.map((entry) => entry.where).sort()).toEqual([
			'payment → create',
			'withdrawal → withdraw',
		]);
	});

	it('has one description, placeholder and default everywhere', () => {
		const shown = keyFields.map(({ field }) =>
			JSON.stringify([field.displayName, field.description, field.placeholder, field.default]),
		);
		expect(new Set(shown).size).toBe(1);
	});

	it.each(keyFields.map((entry) => [entry.where, entry.field]))(
		'%s: says an empty key is derived per item, that Retry On Fail does not repeat it, and how to be safe across executions',
		(_where, field) => {
			const { description } = field as INodeProperties;
			expect(description).toMatch(/Empty: one derived from this execution and item/);
			expect(description).toMatch(/Retry On Fail/);
			expect(description).toMatch(/across executions/);
		},
	);
});
