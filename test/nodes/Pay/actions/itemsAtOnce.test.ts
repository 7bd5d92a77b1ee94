/** Items at Once, unset, from what each operation declares of itself. */
import { resources } from '../../../../nodes/Pay/actions/registry';
import {
	defaultItemsAtOnce,
	ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS,
} from '../../../../nodes/Pay/actions/requestOptions';

const operations = resources.flatMap((resource) => resource.operations);

it('sends several items at once only for operations declared safe to run together', () => {
	for (const operation of operations)
		expect(defaultItemsAtOnce(operation)).toBe(
			operation.safeToRunTogether ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1,
		);
	expect(operations.filter((operation) => operation.safeToRunTogether).length).toBeGreaterThan(0);
});

it('declares no operation that moves money safe to run together', () => {
	const unsafe = operations.filter((operation) => operation.safeToRunTogether && operation.money);
	expect(unsafe.map((operation) => operation.value)).toEqual([]);
});
