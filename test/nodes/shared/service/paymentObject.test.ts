import { normalizePaymentObject } from '../../../../nodes/shared/service/paymentObject';
import fc from 'fast-check';

describe('payment object view', () => {
	it('gives the creation and the detail shapes the same names and types, keeping the raw answer', () => {
		const created = normalizePaymentObject(
			{
				url: 'abc123',
				amount: '50000.00',
				payed_amount: '47000.50',
				state: 0,
				payment_method_enabled: '{"pse":true}',
				date_created: '2026-11-23T10:00:00Z',
			},
			'https://pay.example/c/',
		);
		const detail = normalizePaymentObject({
			url: 'abc123',
			amount: 50000,
			payed_amount: 47000.5,
			state: 3,
			payment_method_enabled: '{"pse":true}',
			date_created: 1795000000,
		});
		expect(created).toMatchObject({
			slug: 'abc123',
			amount: 50000,
			payed_amount: 47000.5,
			state_label: 'created',
			payment_methods: { pse: true },
		});
		expect(created.date_created).toBe('2026-11-23T10:00:00.000Z');
		expect(created.payment_page_url).toBe('https://pay.example/c/abc123');
		expect(created.raw).toEqual({
			amount: '50000.00',
			payed_amount: '47000.50',
			date_created: '2026-11-23T10:00:00Z',
		});
		expect(detail).toMatchObject({
			amount: 50000,
			state_label: 'paid',
			date_created: '2026-11-18T11:06:40.000Z',
		});
		expect(detail.raw).toMatchObject({ date_created: 1795000000 });
		expect(detail.payment_page_url).toBeUndefined();
	});

	it.each([
		['epoch milliseconds (the live detail read)', 1553248799000, '2019-03-22T09:59:59.000Z'],
		['epoch seconds', 1553248799, '2019-03-22T09:59:59.000Z'],
		['epoch milliseconds as text', '1553248799000', '2019-03-22T09:59:59.000Z'],
		['ISO text', '2019-03-22T09:59:59Z', '2019-03-22T09:59:59.000Z'],
		['the smallest milliseconds (1e11, 1973-03-03)', 1e11, '1973-03-03T09:46:40.000Z'],
		['the largest seconds below it', 1e11 - 1, new Date((1e11 - 1) * 1000).toISOString()],
	])('gives every date_… as ISO 8601 from %s, the original under raw', (_name, value, iso) => {
		const view = normalizePaymentObject({
			url: 'abc123',
			date_created: value,
			date_expired: value,
			date_payed: value,
		});
		expect(view).toMatchObject({ date_created: iso, date_expired: iso, date_payed: iso });
		expect(view.raw).toMatchObject({ date_created: value });
	});

	it.each([[''], [0], ['not a date'], [null]])(
		'keeps a date of %j as it came (no date to give)',
		(value) => {
			const view = normalizePaymentObject({ url: 'abc123', date_payed: value });
			expect(view.date_payed).toBe(value);
			expect(view.raw).toEqual({});
		},
	);

	it("puts the node's own fields first (they lead n8n's output table), and they win over same-named fields of the answer", () => {
		const view = normalizePaymentObject(
			{
				pk: 7,
				amount: '1.00',
				state: 2,
				url: 'abc123',
				slug: 'other',
				state_label: 'x',
				fees_exceed_amount: 'no',
			},
			'https://pay.example/c',
		);
		expect(Object.keys(view)).toEqual([
			'slug',
			'payment_page_url',
			'state_label',
			'fees_exceed_amount',
			'pk',
			'amount',
			'state',
			'url',
			'raw',
		]);
		expect(view).toMatchObject({
			slug: 'abc123',
			state_label: 'not_paid',
			fees_exceed_amount: false,
			raw: { amount: '1.00', slug: 'other', state_label: 'x', fees_exceed_amount: 'no' },
		});
		const withProto = JSON.parse('{"__proto__": {"x": 1}, "url": "abc123", "state": 3}');
		expect(Object.keys(normalizePaymentObject(withProto)).slice(0, 2)).toEqual([
			'slug',
			'state_label',
		]);
	});

	it('labels unknown states "unknown" and never throws on odd answers', () => {
		expect(normalizePaymentObject({ url: 'x', state: 42 }).state_label).toBe('unknown');
		expect(normalizePaymentObject('plain text')).toEqual({ raw: 'plain text' });
		fc.assert(fc.property(fc.jsonValue(), (value) => void normalizePaymentObject(value)));
	});

	it('keeps a field named "__proto__" a field, not the view\'s prototype', () => {
		const answer = JSON.parse(
			'{"url":"abc123","amount":"5.00","__proto__":{"state_label":"paid","polluted":true}}',
		);
		const view = normalizePaymentObject(answer);
		expect(Object.getPrototypeOf(view)).toBe(Object.prototype);
		expect(Object.keys(view)).toContain('__proto__');
		expect(JSON.parse(JSON.stringify(view)).__proto__).toEqual({
			state_label: 'paid',
			polluted: true,
		});
		expect((view as Record<string, unknown>).polluted).toBeUndefined();
		expect(view.amount).toBe(5);
	});
});
