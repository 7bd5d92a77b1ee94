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
import { findMoneyOperation } from '../../../../nodes/Pay/tool/moneyOperations';

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

it('knows the amount and recipient of every operation that moves money, and of no other', () => {
	const moving = resources.flatMap((resource) =>
		resource.operations
			.filter((operation) => operation.movesMoney)
			.map((operation) => `${resource.value}.${operation.value}`),
	);
	const known = resources.flatMap((resource) =>
		resource.operations
			.filter((operation) => findMoneyOperation(resource.value, operation.value))
			.map((operation) => `${resource.value}.${operation.value}`),
	);
	expect(moving.length).toBeGreaterThan(0);
	expect(known.sort()).toEqual(moving.sort());
});
