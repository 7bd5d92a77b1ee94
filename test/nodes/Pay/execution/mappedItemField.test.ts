/**
 * A field mapped straight from the input item is read from the item, and only when that gives what
 * n8n's own expression evaluation gives: checked here against n8n-workflow's evaluator.
 */
import fc from 'fast-check';
import { isSafeObjectProperty, Workflow } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { mappedItemPath, plainValueAt } from '../../../../nodes/Pay/execution/readParameter';
import { loadBuiltPackage } from '../../../harness/loadPackage';

describe('mappedItemPath', () => {
	it.each([
		['={{ $json.amount }}', ['amount']],
		['={{$json.amount}}', ['amount']],
		['={{ $json.customer.name }}', ['customer', 'name']],
		["={{ $json['Monto total'] }}", ['Monto total']],
		['={{ $json["Monto total"].value }}', ['Monto total', 'value']],
		['={{ $json.$id_2 }}', ['$id_2']],
	])('%s names %j', (raw, path) => {
		expect(mappedItemPath(raw)).toEqual(path);
	});

	it.each([
		'{{ $json.amount }}',
		'={{ $json.amount }} ',
		'=COP {{ $json.amount }}',
		'={{ $json.amount * 100 }}',
		'={{ $json.amount }}{{ $json.cents }}',
		'={{ $json }}',
		'={{ $json.items[0] }}',
		'={{ $json.a.toString() }}',
		"={{ $('Items').item.json.amount }}",
		'={{ $fromAI("amount") }}',
		'={{ $json["a\\"b"] }}',
		'={{ $json["}}"] }}',
		"={{ $json['a{{b'] }}",
		1000,
		undefined,
	])('leaves %j to n8n', (raw) => {
		expect(mappedItemPath(raw)).toBeUndefined();
	});
});

describe('plainValueAt', () => {
	it('reads strings, numbers and booleans through own keys only', () => {
		const json = { a: { b: 'x', n: 0, f: false, o: {}, nil: null }, arr: [1] };
		expect(plainValueAt(json, ['a', 'b'])).toBe('x');
		expect(plainValueAt(json, ['a', 'n'])).toBe(0);
		expect(plainValueAt(json, ['a', 'f'])).toBe(false);
		for (const path of [
			['a', 'o'],
			['a', 'nil'],
			['arr'],
			['a', 'missing'],
			['a', 'b', 'length'],
			['constructor'],
			['a', 'toString'],
		])
			expect(plainValueAt(json, path)).toBeUndefined();
	});
});

/**
 * n8n's own evaluation of a parameter value for the item, as a node's getNodeParameter asks
 * for it.
 */
async function evaluatorFor(items: INodeExecutionData[]) {
	const loaded = await loadBuiltPackage();
	const node: INode = {
		id: 'n1',
		name: 'Pay',
		type: loaded.typeName('pay'),
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: loaded.nodeTypes,
	});
	return (raw: string, itemIndex: number) =>
		workflow.expression.getParameterValue(raw, null, 0, itemIndex, node.name, items, 'manual', {});
}

const key = fc.oneof(
	fc.constantFrom(
		'amount',
		'description',
		'Monto total',
		'name',
		'$x',
		'a_1',
		'$',
		'constructor',
		'}}',
	),
	fc.string({ maxLength: 6 }).filter((text) => !/['"\\]/.test(text)),
);
const leaf = fc.oneof(
	fc.string(),
	fc.integer(),
	fc.double({ noNaN: true, noDefaultInfinity: true }),
	fc.boolean(),
	fc.constant(null),
);
const json = fc.dictionary(
	key,
	fc.oneof(
		leaf,
		fc.dictionary(key, fc.oneof(leaf, fc.array(leaf, { maxLength: 2 })), { maxKeys: 3 }),
	),
	{ maxKeys: 4 },
);
const pathOf = (keys: string[]) =>
	keys
		.map((step) => (/^[A-Za-z_$][\w$]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`))
		.join('');

/** The item's json with `value` placed at `keys`, the objects on the way made where missing. */
function placed(data: IDataObject, keys: string[], value: unknown): IDataObject {
	const copy = structuredClone(data);
	let at: IDataObject = copy;
	for (const step of keys.slice(0, -1)) {
		const next = at[step];
		at[step] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
		at = at[step] as IDataObject;
	}
	at[keys[keys.length - 1]] = value as IDataObject[string];
	return copy;
}

describe('a mapped field read from the item', () => {
	it('is what n8n works out for the same expression', async () => {
		await fc.assert(
			fc.asyncProperty(
				json,
				fc.array(key, { minLength: 1, maxLength: 3 }),
				leaf,
				async (data, keys, value) => {
					const item = placed(data as IDataObject, keys, value);
					const raw = `={{ $json${pathOf(keys)} }}`;
					const evaluate = await evaluatorFor([{ json: {} }, { json: item }]);
					const evaluated = await Promise.resolve()
						.then(() => ({ value: evaluate(raw, 1) }))
						.catch((error: unknown) => ({ refused: error }));
					const path = mappedItemPath(raw);
					// What n8n's sandbox refuses is left to n8n, which says why.
					if ('refused' in evaluated) return expect(path).toBeUndefined();
					// Left to n8n only for keys its sandbox treats apart.
					if (path === undefined)
						return expect(
							keys.some(
								(step) =>
									step === '$' ||
									step.startsWith('__') ||
									step.includes('{{') ||
									step.includes('}}') ||
									!isSafeObjectProperty(step),
							),
						).toBe(true);
					expect(path).toEqual(keys);
					const direct = plainValueAt(item, path as string[]);
					if (value === null) expect(direct).toBeUndefined();
					else expect(direct).toBe(value);
					if (direct !== undefined) expect(evaluated.value).toBe(direct);
				},
			),
			{ numRuns: 300 },
		);
	});
});
