import fc from 'fast-check';

import { parseMethods, serializeMethods } from '../../../../nodes/shared/service/paymentMethods';

describe('payment methods', () => {
	it('round-trips the method map through its JSON string', () => {
		// Keys that name Object.prototype's members are drawn often, not left to chance.
		const methodKey = fc.oneof(
			fc.constantFrom('__proto__', 'constructor', 'toString'),
			fc.stringMatching(/^[A-Za-z_-]{1,12}$/),
		);
		expect(parseMethods(serializeMethods(['__proto__', 'pse']))).toEqual(
			JSON.parse('{"__proto__":true,"pse":true}'),
		);
		fc.assert(
			fc.property(fc.uniqueArray(methodKey, { minLength: 1 }), (keys) => {
				const parsed = parseMethods(serializeMethods(keys)) as Record<string, boolean>;
				expect(Object.keys(parsed)).toEqual(keys);
				expect(parseMethods(JSON.stringify(serializeMethods(keys)))).toEqual(parsed);
			}),
		);
	});
});
