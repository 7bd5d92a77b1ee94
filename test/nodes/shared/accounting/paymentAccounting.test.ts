/**
 * The accounting set of one payment object, from every answer that carries one as each sandbox
 * profile gives it (creation: decimal strings and ISO dates; detail read: numbers, epoch seconds in
 * `spec`, milliseconds and "" while unpaid in `observed`), and computed only where figures lack.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ACCOUNTING_FIELDS,
	moneyFigures,
	paymentAccounting,
} from '../../../../nodes/shared/accounting/paymentAccounting';
import { linkOutcome } from '../../../../nodes/Pay/waiting/linkOutcome';
import { normalizePaymentObject } from '../../../../nodes/shared/service/paymentObject';
import type { PaymentObject } from '../../../../sandbox/model';
import { creationView, detailView } from '../../../../sandbox/routes/payments';

const paidAt = new Date('2026-11-27T15:04:05.000Z');

function record(more: Partial<PaymentObject> = {}): PaymentObject {
	return {
		...{ pk: 1, slug: 'AbC123', owner: 'demo', amount: 100000, description: 'Invoice 7' },
		...{ expirationDays: 1, methodsJson: '{"pse": true}', payerRedirectUrl: '', callback: '' },
		...{ clientAssumeCosts: false, notSendEmail: false, platform: 'API', idempotencyKey: 'k' },
		...{ state: 3, createdAt: new Date('2026-11-27T15:00:00Z'), paidAt, paymentMethod: 'pse' },
		payer: { name: 'Ana', id: '1020304050', idType: 'CC', email: 'ana@example.com', phone: '' },
		...{ cus: '', extra: {} },
		...more,
	};
}

describe('paymentAccounting', () => {
	it.each(['spec', 'observed'] as const)(
		'the detail read (%s): the figures, date, method, payer and description as the service gave them',
		(profile) => {
			const set = paymentAccounting(normalizePaymentObject(detailView(record(), profile)));
			expect(Object.keys(set)).toEqual([...ACCOUNTING_FIELDS]);
			expect(set).toEqual({
				slug: 'AbC123',
				gross_amount: 100000,
				fee_amount: 3800,
				iva_amount: 722,
				net_amount: 95478,
				currency: 'COP',
				paid_at: '2026-11-27T15:04:05.000Z',
				payment_method: 'pse',
				payer_name: 'Ana',
				payer_email: 'ana@example.com',
				payer_id: '1020304050',
				description: 'Invoice 7',
				fees_computed: false,
			});
		},
	);

	it('an unpaid object ("" dates and method): paid_at and the method null', () => {
		const unpaid = record({ state: 0, paidAt: undefined, paymentMethod: '' });
		for (const profile of ['spec', 'observed'] as const)
			expect(paymentAccounting(normalizePaymentObject(detailView(unpaid, profile)))).toMatchObject({
				paid_at: null,
				payment_method: null,
				net_amount: 95478,
			});
	});

	it('the creation answer: decimal strings read, the currency the service names, no description', () => {
		const set = paymentAccounting(normalizePaymentObject(creationView(record({ state: 0 }))));
		expect(set).toMatchObject({
			gross_amount: 100000,
			fee_amount: 3800,
			iva_amount: 722,
			net_amount: 95478,
			currency: 'COP',
			paid_at: null,
			description: null,
			fees_computed: false,
		});
		const dollars = creationView(record());
		expect(paymentAccounting({ ...dollars, currency_code: 'USD' }).currency).toBe('USD');
	});

	it('the client assumed the costs: gross is what the payer paid, net the whole amount', () => {
		const set = paymentAccounting(detailView(record({ clientAssumeCosts: true })) as IDataObject);
		expect(set).toMatchObject({ gross_amount: 104522, net_amount: 100000, fees_computed: false });
	});
});

describe('paymentAccounting for the waits (to be wired in nodes/Pay/waiting)', () => {
	it("reads a waited-for link's item as it reads a payment object", () => {
		const link = linkOutcome(detailView(record(), 'observed') as IDataObject);
		expect(paymentAccounting(link)).toMatchObject({
			slug: 'AbC123',
			gross_amount: 100000,
			net_amount: 95478,
			paid_at: '2026-11-27T15:04:05.000Z',
			fees_computed: false,
		});
	});
});

describe('moneyFigures', () => {
	it.each([
		['every figure given', [100000, 3800, 722, 95478], [100000, 3800, 722, 95478, false]],
		['no net: amount less costs', [100000, 3800, 722, undefined], [100000, 3800, 722, 95478, true]],
		['no IVA: 19 % of the fee', [100000, 3800, undefined, 95478], [100000, 3800, 722, 95478, true]],
		['no fee: IVA over 19 %', [100000, undefined, 722, 95478], [100000, 3800, 722, 95478, true]],
		[
			'no costs: amount less net',
			[100000, undefined, undefined, 95478],
			[100000, 3800, 722, 95478, true],
		],
		[
			'only the amount: the tariff',
			[100000, undefined, undefined, undefined],
			[100000, 3800, 722, 95478, true],
		],
		['nothing', [undefined, undefined, undefined, undefined], [null, null, null, null, false]],
	] as const)('%s', (_name, given, [gross, fee, iva, net, computed]) => {
		const [amount, givenFee, givenIva, givenNet] = given;
		expect(moneyFigures(amount, givenFee, givenIva, givenNet)).toEqual({
			gross,
			fee,
			iva,
			net,
			computed,
		});
	});

	it('always balances: gross = net + fee + IVA', () => {
		for (const amount of [1, 999.99, 50000, 123456.78]) {
			const { gross, fee, iva, net } = moneyFigures(amount, undefined, undefined, undefined);
			expect(gross).toBeCloseTo((net as number) + (fee as number) + (iva as number), 2);
			expect(gross).toBeCloseTo(amount, 2);
		}
	});
});
