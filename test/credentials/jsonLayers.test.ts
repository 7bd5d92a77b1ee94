/**
 * JSON encoded twice, peeled in one place for the transport, the method map, the callback body and
 * the token refresh.
 */
import { peelJson } from '../../credentials/jsonLayers';

describe('peelJson', () => {
	const twice = JSON.stringify(JSON.stringify({ access: 'a' }));

	it('peels as many layers as allowed and says how many', () => {
		expect(peelJson(twice, 3)).toEqual({ ok: true, value: { access: 'a' }, layers: 2 });
		expect(peelJson(twice, 1)).toEqual({
			ok: true,
			value: JSON.stringify({ access: 'a' }),
			layers: 1,
		});
	});

	it('leaves a value that is no string as it is', () => {
		const object = { a: 1 };
		expect(peelJson(object, 3)).toEqual({ ok: true, value: object, layers: 0 });
	});

	it('says which text did not parse', () => {
		expect(peelJson('"{not json"', 3)).toEqual({ ok: false, text: '{not json' });
	});

	it('stops where the caller says a text is not to be parsed, keeping the string', () => {
		const onlyObjects = (text: string) => (text.trim().startsWith('{') ? text.trim() : undefined);
		expect(peelJson(' {"a": "plain"} ', 3, onlyObjects)).toEqual({
			ok: true,
			value: { a: 'plain' },
			layers: 1,
		});
		expect(peelJson('<html>', 3, onlyObjects)).toEqual({ ok: true, value: '<html>', layers: 0 });
	});
});
