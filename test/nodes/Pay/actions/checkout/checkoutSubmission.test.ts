import {
	findRedirectUrl,
	readCheckoutAnswer,
} from '../../../../../nodes/Pay/actions/checkout/checkoutSubmission';

describe('checkout answers', () => {
	it('reads [order, object] and finds the redirect link under any name', () => {
		const answer = readCheckoutAnswer([
			{
				model: 'pay.paymentorder',
				fields: { method: 'pse', state: 'PENDIENTE', urlbanco: 'https://bank.example/flow/1' },
			},
			{ url: 'abc123', state: 1, amount: 10 },
		]);
		expect(answer.order.state).toBe('PENDIENTE');
		expect(answer.payment).toMatchObject({ slug: 'abc123', state_label: 'in_process' });
		expect(findRedirectUrl(answer.order)).toBe('https://bank.example/flow/1');
		expect(findRedirectUrl({ something: 'https://x.example/y' })).toBe('https://x.example/y');
		expect(readCheckoutAnswer({ result: 'OK' }).order).toEqual({ result: 'OK' });
	});

	it("reads the records real clients see: the object from the second record's fields, by record name or by place", () => {
		const order = {
			method: 'pse',
			state: 'PENDIENTE',
			ordenId: 'abc123',
			checkout: 'https://bank.example/pse/1',
			ref: '',
		};
		const object = { url: 'abc123', state: 1, amount: 10 };
		const named = readCheckoutAnswer([
			{ model: 'api.pay', pk: 7, fields: object },
			{
				model: 'api.paymentorder',
				pk: 3,
				fields: { ...order, gateway: 'https://other.example/not-this' },
			},
		]);
		expect(named.order).toMatchObject(order);
		expect(named.payment).toMatchObject({ slug: 'abc123', state: 1, state_label: 'in_process' });
		// The order's checkout before any other link in it.
		expect(findRedirectUrl(named.order)).toBe('https://bank.example/pse/1');
		const unnamed = readCheckoutAnswer([
			{ pk: 3, fields: order },
			{ pk: 7, fields: object },
		]);
		expect(unnamed.order).toEqual(order);
		expect(unnamed.payment).toMatchObject({ slug: 'abc123', state_label: 'in_process' });
		expect(
			readCheckoutAnswer([{ model: 'api.paymentorder', fields: order }]).payment,
		).toBeUndefined();
	});
});
