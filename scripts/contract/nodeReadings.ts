/**
 * What the node itself makes of an answer: each call's answer goes through the reader the node
 * uses for it (nodes/), and what that reader could not find is said in words. An empty list: the
 * node reads the answer.
 */
import type { IDataObject } from 'n8n-workflow';

import { readListPage } from '../../nodes/shared/service/listAnswer';
import { toNumber } from '../../nodes/shared/service/normalize';
import { normalizePaymentObject } from '../../nodes/shared/service/paymentObject';
import { readTransfer } from '../../nodes/shared/service/transferRecord';
import { isFailureBody } from '../../nodes/shared/transport/wire/failureBody';
import { isPromptRow, readBankCatalog } from '../../nodes/Pay/helpers/banks';
import { readPublicKey } from '../../nodes/Pay/helpers/rsaEncrypt';
import { cardView, listedCards } from '../../nodes/Pay/actions/card/cardView';
import {
	findRedirectUrl,
	readCheckoutAnswer,
	textOrNull,
} from '../../nodes/Pay/actions/checkout/checkoutSubmission';

export type NodeReading = (answer: unknown) => string[];

type Fields = Record<string, unknown>;

const fieldsOf = (answer: unknown): Fields =>
	typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Fields) : {};

/** A 2xx answer the node takes for a failure is the first thing a maintainer needs to know. */
export function readsAsFailure(answer: unknown): string[] {
	return isFailureBody(answer) ? ['the node reads this 2xx answer as a failure body'] : [];
}

export const tokenReading: NodeReading = (answer) => {
	const access = fieldsOf(answer).access;
	return typeof access === 'string' && access !== '' ? [] : ['no access token in `access`'];
};

export const publicKeyReading: NodeReading = (answer) => {
	const pem = fieldsOf(fieldsOf(answer).data).text_long_value;
	if (typeof pem !== 'string') return ['no text in `data.text_long_value`'];
	return readPublicKey(pem) ? [] : ['`data.text_long_value` is no PEM RSA public key'];
};

export const bankListReading: NodeReading = (answer) =>
	readBankCatalog(answer).filter((bank) => !isPromptRow(bank)).length > 0
		? []
		: ['no bank with a `bankCode` (other than the prompt row)'];

export const transferListReading: NodeReading = (answer) => {
	const page = readListPage(answer);
	if (!page) return ['no list of transfers (a list, or one under `results` or `data`)'];
	const problems = new Set<string>();
	for (const entry of page.entries) {
		const transfer = readTransfer(fieldsOf(entry) as IDataObject);
		if (Number.isNaN(transfer.time)) problems.add('a transfer whose `date` is no date');
		if (typeof transfer.json.amount !== 'number')
			problems.add('a transfer whose `amount` is no number');
	}
	return [...problems];
};

export const paymentObjectReading: NodeReading = (answer) => {
	const view = normalizePaymentObject(answer);
	const problems: string[] = [];
	if (typeof view.slug !== 'string' || view.slug === '') problems.push('no slug in `url`');
	if (typeof view.amount !== 'number') problems.push('`amount` is no number');
	if (typeof view.state !== 'number') problems.push('`state` is no number');
	return problems;
};

export const feeEstimateReading: NodeReading = (answer) =>
	['pay_amount', 'pay_fee', 'iva', 'pay_payed_amount']
		.filter((field) => toNumber(fieldsOf(answer)[field]) === undefined)
		.map((field) => `\`${field}\` is no number`);

/** The node keeps these answers as they come (an edit is read back, an expiry is `result: OK`). */
export const keptAsItComes: NodeReading = () => [];

export function checkoutReading(method: string): NodeReading {
	return (answer) => {
		const read = readCheckoutAnswer(answer);
		const problems: string[] = [];
		if (Object.keys(read.order).length === 0) problems.push('no payment order');
		if (!read.payment) problems.push('no payment object (a record with `url` and `state`)');
		else if (typeof read.payment.slug !== 'string' || typeof read.payment.state !== 'number')
			problems.push('the payment object has no slug or no numeric `state`');
		if (method === 'pse' && !findRedirectUrl(read.order))
			problems.push('no bank link in the order');
		if (method === 'breb' && textOrNull(read.order.qr_value) === null)
			problems.push('no `qr_value` in the order');
		return problems;
	};
}

export const cardRegistrationReading: NodeReading = (answer) =>
	cardView(answer).card_uuid === null ? ['no card id (`card_id`, `uuid`, …)'] : [];

export const cardListReading: NodeReading = (answer) =>
	listedCards(answer).some((card) => cardView(card).card_uuid === null)
		? ['a listed card without an id']
		: [];
