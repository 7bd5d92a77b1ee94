/**
 * The editor's words: every amount says its unit and precision under the field, Simplify says what
 * it keeps, the waits' limit fields name themselves as the wait's (they sit under "Amount (COP)"),
 * and no text the editor shows carries a file path of the repository.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { PayApi } from '../../credentials/PayApi.credentials';
import { Pay } from '../../nodes/Pay/Pay.node';
import { PayMoneyReceivedTrigger } from '../../nodes/PayMoneyReceivedTrigger/PayMoneyReceivedTrigger.node';
import { PayTrigger } from '../../nodes/PayTrigger/PayTrigger.node';

/** Every field, with the fields inside collections and fixed collections. */
function allFields(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const children = (property.options ?? []).flatMap((option) =>
			'values' in option ? option.values : 'type' in option ? [option as INodeProperties] : [],
		);
		return [property, ...allFields(children as INodeProperties[])];
	});
}

const payFields = allFields(new Pay().description.properties);
const described: Array<[string, INodeProperties[]]> = [
	['Pay', payFields],
	['Pay Trigger', allFields((new PayTrigger().description as INodeTypeDescription).properties)],
	['Pay Money Received Trigger', allFields(new PayMoneyReceivedTrigger().description.properties)],
	['Pay API credential', allFields(new PayApi().properties)],
];

/** The texts the editor shows of a field: its name, hint, description and placeholder. */
const textsOf = (field: INodeProperties) =>
	[field.displayName, field.hint, field.description, field.placeholder].filter(
		(text): text is string => typeof text === 'string',
	);

describe("the editor's words", () => {
	it('every Amount (COP) says its unit and precision under the field', () => {
		const amounts = payFields.filter((field) => field.displayName === 'Amount (COP)');
		expect(amounts.length).toBeGreaterThan(3);
		for (const amount of amounts)
			expect(amount.hint).toMatch(/^(Colombian pesos, at most two decimals|Whole Colombian pesos)/);
		const withdrawal = amounts.find((field) =>
			field.displayOptions?.show?.resource?.includes('withdrawal'),
		);
		expect(withdrawal?.hint).toContain('Whole Colombian pesos');
	});

	it('Simplify says what it keeps', () => {
		const simplify = payFields.filter((field) => field.name === 'simplify');
		expect(simplify.length).toBeGreaterThan(0);
		for (const field of simplify) expect(field.description).toContain('the fields a workflow maps');
	});

	it("the waits' limit fields name themselves: no bare Amount or Unit beside Amount (COP)", () => {
		const names = payFields.map((field) => field.displayName);
		expect(names).not.toContain('Amount');
		expect(names).not.toContain('Unit');
		const limits = payFields.filter((field) => ['waitAmount', 'waitUnit'].includes(field.name));
		expect(limits.map((field) => field.displayName)).toEqual(
			expect.arrayContaining(['Wait Amount', 'Wait Unit']),
		);
	});

	it.each(described)('%s: no file path in any text the editor shows', (_node, fields) => {
		const withPaths = fields
			.flatMap(textsOf)
			.filter((text) => /[\w-]+\/[\w./-]*\.(json|ts|js|md)\b/.test(text));
		expect(withPaths).toEqual([]);
	});
});
