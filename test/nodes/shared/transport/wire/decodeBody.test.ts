import { decodeBody, excerpt } from '../../../../../nodes/shared/transport/wire/decodeBody';

describe('decodeBody', () => {
	it('passes parsed JSON through', () => {
		expect(decodeBody({ result: 'OK' })).toEqual({ readable: true, value: { result: 'OK' } });
		expect(decodeBody([1, 2])).toEqual({ readable: true, value: [1, 2] });
	});

	it('decodes a JSON text, and again when it was encoded twice', () => {
		const order = { model: 'order', fields: { state: 'PENDIENTE' } };
		const once = JSON.stringify([order, { url: 'abc' }]);
		expect(decodeBody(once)).toEqual({ readable: true, value: [order, { url: 'abc' }] });
		expect(decodeBody(JSON.stringify(once))).toEqual({
			readable: true,
			value: [order, { url: 'abc' }],
		});
		expect(decodeBody(JSON.stringify(JSON.stringify(once)))).toEqual({
			readable: true,
			value: [order, { url: 'abc' }],
		});
	});

	it('decodes a Buffer body', () => {
		expect(decodeBody(Buffer.from('{"a":1}'))).toEqual({ readable: true, value: { a: 1 } });
	});

	it('treats an empty body as an empty object (a success with nothing to say)', () => {
		expect(decodeBody('')).toEqual({ readable: true, value: {} });
		expect(decodeBody(undefined)).toEqual({ readable: true, value: {} });
	});

	it('reports HTML, plain text and malformed JSON as unreadable, keeping the text', () => {
		expect(decodeBody('<html><body>Bad Gateway</body></html>')).toEqual({
			readable: false,
			text: '<html><body>Bad Gateway</body></html>',
		});
		expect(decodeBody('Service Unavailable').readable).toBe(false);
		expect(decodeBody('{"detail": ').readable).toBe(false);
	});

	it('keeps a JSON string whose content is plain text as that text', () => {
		expect(decodeBody('"hello"')).toEqual({ readable: true, value: 'hello' });
	});
});

describe('excerpt', () => {
	it('strips tags, folds white space and shortens', () => {
		expect(excerpt('<h1>Bad\n\n Gateway</h1>')).toBe('Bad Gateway');
		expect(excerpt('x'.repeat(500), 10)).toBe(`${'x'.repeat(10)}…`);
	});
});
