/**
 * The Pay Tool's settings show only where they mean something: placed as an AI agent's tool (n8n's
 * `@tool`, true when the node's type ends in `Tool`), on operations that move money, the limits
 * once moving money is allowed. Checked with the display rules of n8n-workflow 2.41 (the dev
 * dependency) and, when installed, of n8n 2.8.4's own n8n-workflow.
 */
import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { displayParameterOf, displayRuleReleases } from '../../../harness/displayRules';
import { loadBuiltPackage } from '../../../harness/loadPackage';
import { resources } from '../../../../nodes/Pay/actions/registry';

const releases = displayRuleReleases();

let pay: INodeTypeDescription;
beforeAll(async () => {
	const loaded = await loadBuiltPackage();
	pay = loaded.nodeTypes.getByName(loaded.typeName('pay')).description as INodeTypeDescription;
});

describe.each(releases)("with n8n-workflow %s's display rules", (_name, moduleName) => {
	const NodeHelpers = { displayParameter: displayParameterOf(moduleName) };
	const shown = (asTool: boolean, values: INodeParameters) => {
		const description = { ...pay, name: asTool ? 'payTool' : 'pay' };
		return pay.properties
			.filter((property) => property.name.startsWith('tool'))
			.filter((property) =>
				NodeHelpers.displayParameter(values, property, { typeVersion: 1 }, description),
			)
			.map((property) => property.displayName);
	};
	const withdraw = { resource: 'withdrawal', operation: 'withdraw' };

	it('shows only "Allow the AI Agent to Move Money" on a tool until it is on, then the limits', () => {
		expect(shown(true, withdraw)).toEqual(['Allow the AI Agent to Move Money']);
		expect(shown(true, { ...withdraw, toolAllowMoneyMovement: true })).toEqual([
			'Allow the AI Agent to Move Money',
			'Maximum Amount per Call (COP)',
			'Maximum Money-Moving Calls per Execution',
			'Allowed Keys',
			'Let the Agent Choose the Amount',
			'Let the Agent Choose the Key',
		]);
	});

	it('shows none of them in a plain workflow, nor on operations that move no money', () => {
		expect(shown(false, { ...withdraw, toolAllowMoneyMovement: true })).toEqual([]);
		expect(shown(true, { resource: 'payment', operation: 'get' })).toEqual([]);
	});
});

it('guards, of every operation that moves money, its own fields, named as the editor names them', () => {
	const guarded = resources.flatMap((resource) =>
		resource.operations.flatMap(({ money, properties }) => {
			if (!money) return [];
			const { amountFrom } = money;
			const amount = 'field' in amountFrom ? amountFrom.field : amountFrom.paymentObject;
			return [amount, ...money.recipientFields].map((field) => ({ field, properties }));
		}),
	);
	expect(guarded.length).toBeGreaterThan(10);
	for (const { field, properties } of guarded) {
		// A field may be shown per node version (text, then a resource locator): one of its names.
		const labels = properties
			.filter((property) => property.name === field.name)
			.map((property) => property.displayName);
		expect(labels).toContain(field.label);
	}
});
