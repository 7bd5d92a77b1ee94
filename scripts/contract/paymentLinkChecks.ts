/**
 * With `--create`: a small payment link made, read, estimated, edited, asked for each checkout
 * method's answer, then expired. Its slug is read with the node's own reader (paymentObject.ts).
 */
import { randomUUID } from 'crypto';

import { normalizePaymentObject } from '../../nodes/shared/service/paymentObject';
import { isPromptRow, readBankCatalog } from '../../nodes/Pay/helpers/banks';
import type { CallResult, ContractCall, Session } from './checkCall';
import { checkCall, skipped } from './checkCall';
import { CHECKOUT_METHODS, checkoutBody, enabledMethods } from './checkoutRequests';
import { checkoutAnswer } from './expected/checkoutAnswers';
import {
	FEE_ESTIMATE,
	PAYMENT_CREATION,
	PAYMENT_DETAIL,
	PAYMENT_EDIT,
	PAYMENT_EXPIRY,
} from './expected/paymentAnswers';
import {
	checkoutReading,
	feeEstimateReading,
	keptAsItComes,
	paymentObjectReading,
} from './nodeReadings';

/** Small, and never paid: nothing of it reaches anyone's balance. */
export const LINK_AMOUNT = 5000;
export const LINK_DESCRIPTION = 'n8n-nodes-pay contract check (never paid)';
const NOWHERE = 'https://example.com/n8n-nodes-pay-contract-check';

export async function paymentLinkChecks(session: Session, banks: unknown): Promise<CallResult[]> {
	const created = await checkCall(session, {
		name: 'Create a payment link',
		route: 'POST /pay/',
		request: {
			method: 'POST',
			path: '/pay/',
			body: {
				amount: LINK_AMOUNT,
				description: LINK_DESCRIPTION,
				expiration_days: 1,
				payment_method_enabled: enabledMethods(),
				payer_redirect_url: NOWHERE,
				callback: NOWHERE,
				platform: 'API',
				idempotency_key: `contract-check-${randomUUID()}`,
			},
		},
		expected: PAYMENT_CREATION,
		nodeReading: paymentObjectReading,
	});
	const slug = created.value === undefined ? undefined : normalizePaymentObject(created.value).slug;
	if (typeof slug !== 'string' || slug === '')
		return [
			created.result,
			skipped({ name: "The link's other calls", route: '' }, 'no link was created'),
		];
	const results = [created.result];
	for (const call of linkCalls(slug, bankCodeOf(banks)))
		results.push((await checkCall(session, call)).result);
	return results;
}

function linkCalls(slug: string, bankCode: string): ContractCall[] {
	const path = `/${encodeURIComponent(slug)}`;
	return [
		{
			name: 'Read the link',
			route: 'GET /pay_detail/{slug}',
			request: { method: 'GET', path: `/pay_detail${path}` },
			expected: PAYMENT_DETAIL,
			nodeReading: paymentObjectReading,
		},
		{
			name: 'Estimate fees',
			route: 'POST /pay/estimate/',
			request: { method: 'POST', path: '/pay/estimate/', body: { amount: String(LINK_AMOUNT) } },
			expected: FEE_ESTIMATE,
			nodeReading: feeEstimateReading,
		},
		{
			name: 'Edit the link',
			route: 'POST /edit_pay/',
			request: {
				method: 'POST',
				path: '/edit_pay/',
				body: { url: slug, description: `${LINK_DESCRIPTION}, edited` },
			},
			expected: PAYMENT_EDIT,
			nodeReading: keptAsItComes,
		},
		...CHECKOUT_METHODS.map((method) => ({
			name: `Checkout: ${method}`,
			route: 'POST /{slug}',
			request: { method: 'POST' as const, path, body: checkoutBody(method, bankCode) },
			expected: checkoutAnswer(method),
			nodeReading: checkoutReading(method),
		})),
		{
			name: 'Expire the link',
			route: 'POST /pay/update_to_expired/',
			request: { method: 'POST', path: '/pay/update_to_expired/', body: { url: slug } },
			expected: PAYMENT_EXPIRY,
			nodeReading: keptAsItComes,
		},
	];
}

/** The first real bank of the catalog, as the node's bank reader finds it. */
function bankCodeOf(banks: unknown): string {
	return readBankCatalog(banks).find((bank) => !isPromptRow(bank))?.code ?? '1007';
}
