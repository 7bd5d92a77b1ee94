/** An operation's fixed fields are read once per run of the node, expressions once per item. */
import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { execFileSync } from 'child_process';

import type { OperationEnvironment } from '../../../../nodes/Pay/actions/types';
import { holdsExpression, readParameter } from '../../../../nodes/Pay/execution/readParameter';
import { Pay } from '../../../../nodes/Pay/Pay.node';

/** A run of the node: its parameters, and a getNodeParameter that counts its calls. */
function runWith(
	parameters: Record<string, unknown>,
	input: Array<Record<string, unknown>> = [],
	type = 'n8n-nodes-pay.pay',
) {
	const calls: Array<{ name: string; itemIndex: number; options?: unknown }> = [];
	const context = {
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown, options?: unknown) => {
			calls.push({ name, itemIndex, ...(options ? { options } : {}) });
			const value = parameters[name];
			if (value === undefined) return fallback;
			// As n8n does: an expression is worked out per item, everything comes back as a copy.
			if (typeof value === 'string' && value.startsWith('='))
				return `${value.slice(1)}#${itemIndex}`;
			return structuredClone(value);
		},
		getInputData: () => input.map((json) => ({ json })),
	} as unknown as IExecuteFunctions;
	const env = {
		node: { parameters, type } as unknown as INode,
		executionCache: new Map(),
	} as unknown as OperationEnvironment;
	return { context, env, calls };
}

describe('readParameter, a fixed field', () => {
	it('reads a fixed field once for all the items of a run', () => {
		const { context, env, calls } = runWith({ payerRedirectUrl: 'https://shop.example/thanks' });
		const values = [0, 1, 2].map((itemIndex) =>
			readParameter(context, env, 'payerRedirectUrl', itemIndex, ''),
		);
		expect(values).toEqual(Array(3).fill('https://shop.example/thanks'));
		expect(calls).toEqual([{ name: 'payerRedirectUrl', itemIndex: 0 }]);
	});

	it("asks n8n for a resource locator's value alone once, apart from the whole locator", () => {
		const bank = { __rl: true, mode: 'list', value: '1022' };
		const { context, env, calls } = runWith({ bank });
		for (const itemIndex of [0, 1]) {
			readParameter(context, env, 'bank', itemIndex, '', { extractValue: true });
			readParameter(context, env, 'bank', itemIndex, '');
		}
		expect(calls).toEqual([
			{ name: 'bank', itemIndex: 0, options: { extractValue: true } },
			{ name: 'bank', itemIndex: 0 },
		]);
	});
});

describe('readParameter, a field holding an expression', () => {
	it('reads a field holding an expression, at any depth, for every item', () => {
		const { context, env, calls } = runWith({
			amount: '={{ $json.amount * 100 }}',
			options: { idempotencyKey: '={{ $json.invoice }}' },
		});
		for (const itemIndex of [0, 1, 2]) {
			expect(readParameter(context, env, 'amount', itemIndex)).toBe(
				`{{ $json.amount * 100 }}#${itemIndex}`,
			);
			readParameter(context, env, 'options', itemIndex, {});
		}
		expect(calls.map((call) => call.itemIndex)).toEqual([0, 0, 1, 1, 2, 2]);
	});

	it("reads a field mapped straight from the item from the item's json, without n8n's evaluation", () => {
		const { context, env, calls } = runWith(
			{ amount: '={{ $json.amount }}', description: "={{ $json.invoice['text'] }}" },
			[0, 1, 2].map((index) => ({ amount: 1000 + index, invoice: { text: `Invoice ${index}` } })),
		);
		const read = [0, 1, 2].map((itemIndex) => [
			readParameter(context, env, 'amount', itemIndex),
			readParameter(context, env, 'description', itemIndex, ''),
		]);
		expect(read).toEqual([
			[1000, 'Invoice 0'],
			[1001, 'Invoice 1'],
			[1002, 'Invoice 2'],
		]);
		expect(calls).toEqual([]);
	});

	it('leaves a mapping to n8n when the item has no plain value there, and always as an AI tool', () => {
		const items = [{ amount: { value: 1 } }, {}, { amount: null }];
		const { context, env, calls } = runWith({ amount: '={{ $json.amount }}' }, items);
		for (const itemIndex of [0, 1, 2]) readParameter(context, env, 'amount', itemIndex);
		expect(calls.map((call) => call.itemIndex)).toEqual([0, 1, 2]);

		const tool = runWith(
			{ amount: '={{ $json.amount }}' },
			[{ amount: 5 }],
			'n8n-nodes-pay.payTool',
		);
		expect(readParameter(tool.context, tool.env, 'amount', 0)).toBe('{{ $json.amount }}#0');
	});
});

describe('readParameter, a resource locator', () => {
	it('reads a resource locator mapped straight from the item by its value, keeping its mode', () => {
		const slug = (value: string) => ({ __rl: true, mode: 'url', value });
		const { context, env, calls } = runWith({ slug: slug('={{ $json.link }}') }, [
			{ link: 'https://pay.example/aB3' },
			{ link: 'https://pay.example/cD4' },
		]);
		expect([0, 1].map((itemIndex) => readParameter(context, env, 'slug', itemIndex))).toEqual([
			slug('https://pay.example/aB3'),
			slug('https://pay.example/cD4'),
		]);
		expect(calls).toEqual([]);
	});

	it('leaves a mapped locator whose value alone is asked for to n8n, for every item', () => {
		const bank = { __rl: true, mode: 'id', value: '={{ $json.bank }}' };
		const { context, env, calls } = runWith({ bank }, [{ bank: '1022' }, { bank: '1051' }]);
		for (const itemIndex of [0, 1])
			readParameter(context, env, 'bank', itemIndex, '', { extractValue: true });
		expect(calls.map((call) => call.itemIndex)).toEqual([0, 1]);
	});
});

describe('readParameter, every run and every item', () => {
	it('gives each item its own copy of a fixed collection', () => {
		const { context, env } = runWith({ options: { platform: 'API', keys: [{ key: 'pse' }] } });
		const first = readParameter(context, env, 'options', 0, {}) as {
			platform: string;
			keys: Array<{ key: string }>;
		};
		first.platform = 'changed by item 0';
		first.keys[0].key = 'changed too';
		first.keys.push({ key: 'added' });
		expect(readParameter(context, env, 'options', 1, {})).toEqual({
			platform: 'API',
			keys: [{ key: 'pse' }],
		});
	});

	it('reads again in the next run of the node', () => {
		const { context, env, calls } = runWith({ expirationDays: 3 });
		readParameter(context, env, 'expirationDays', 0, 1);
		readParameter(context, { ...env, executionCache: new Map() }, 'expirationDays', 0, 1);
		expect(calls).toHaveLength(2);
	});

	it('a field left at its default is fixed: no field of the Pay node has an expression as default', () => {
		const withExpressionDefault = (properties: INodeProperties[]): string[] =>
			properties.flatMap((property) => [
				...(holdsExpression(property.default) ? [property.name] : []),
				...((property.options ?? []) as INodeProperties[]).flatMap((option) =>
					'default' in option ? withExpressionDefault([option]) : [],
				),
			]);
		const properties = new Pay().description.properties;
		expect(properties.length).toBeGreaterThan(10);
		expect(withExpressionDefault(properties)).toEqual([]);
	});
});

it('is how every operation reads its fields: only the router asks n8n itself', () => {
	const direct = execFileSync(
		'git',
		['grep', '-l', 'getNodeParameter', '--', 'nodes/Pay/actions'],
		{
			encoding: 'utf8',
		},
	);
	expect(direct.trim().split('\n')).toEqual(['nodes/Pay/actions/router.ts']);
});

describe('holdsExpression', () => {
	it.each([
		['={{ $json.amount }}', true],
		['https://shop.example', false],
		[['pse', '={{ $json.method }}'], true],
		[{ fields: [{ value: '={{ 1 }}' }] }, true],
		[{ platform: 'API' }, false],
		[3, false],
		[undefined, false],
	])('%j → %s', (value, expected) => {
		expect(holdsExpression(value)).toBe(expected);
	});
});
