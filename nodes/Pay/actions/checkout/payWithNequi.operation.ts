import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { colombianMobile } from '../../../shared/service/colombianMobile';
import { readParameter } from '../../execution/readParameter';
import { readText, readYesNo, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readJsonObject } from '../../helpers/jsonFields';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import { qrCodeProperties, readQrCodeAsked, withQrCode } from '../qrCodeImage';
import type { OperationEnvironment, PayOperation } from '../types';
import { payerProperties, readPayer } from './payerFields';
import {
	CHECKOUT_IDENTITY,
	checkoutOutput,
	findRedirectUrl,
	submitCheckout,
	textOrNull,
} from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

export const payWithNequi: PayOperation = {
	value: 'payWithNequi',
	name: 'Pay with Nequi',
	description:
		'Start a Nequi wallet payment: a push notification the payer approves in the app, or QR data to scan',
	action: 'Pay with Nequi',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [
		...slugProperties,
		...payerProperties,
		{
			displayName: 'Nequi Phone',
			name: 'nequiPhone',
			type: 'string',
			default: '',
			placeholder: 'e.g. 3001234567',
			description:
				'The mobile number of the Nequi account that pays (sent as phone_nequi). Leave empty to use Payer Phone.',
		},
		{
			displayName: 'Send Push Notification',
			name: 'push',
			type: 'boolean',
			default: true,
			description:
				'Whether Nequi sends the payer a notification to approve the payment in the app (the output has checkout_url). Off: the output has qr_data, for the payer to scan.',
		},
		{
			displayName: 'Additional Fields (JSON)',
			name: 'additionalFields',
			type: 'json',
			default: '{}',
			description:
				'Other fields to send with the checkout, as the service names them; the fields above take precedence',
		},
		...qrCodeProperties('the QR data (qr_data)', { push: [false] }),
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const payer = readPayer(this, env, itemIndex);
		const nequiPhone = readNequiPhone(
			node,
			itemIndex,
			readParameter(this, env, 'nequiPhone', itemIndex, ''),
			String(payer.phone),
		);
		const push = readYesNo(
			node,
			itemIndex,
			'Send Push Notification',
			readParameter(this, env, 'push', itemIndex, true),
		);
		const qrCode = readQrCodeAsked(this, env, itemIndex);
		if (qrCode && push)
			throw inputError(
				node,
				itemIndex,
				'Add QR Code Image',
				'needs Send Push Notification off: with a push notification Nequi gives no QR data',
			);
		const extra = readJsonObject(
			node,
			itemIndex,
			'Additional Fields (JSON)',
			readParameter(this, env, 'additionalFields', itemIndex, '{}'),
		);
		const body: IDataObject = {
			...extra,
			...payer,
			phone_nequi: nequiPhone,
			push,
			payment: 'NEQUI',
		};
		const answer = await submitCheckout(this, env, itemIndex, slug, body);
		const output = checkoutOutput(slug, 'NEQUI', answer, {
			push_notification: push,
			checkout_url: findRedirectUrl(answer.order) ?? null,
			// Without push the order's ref is the QR payload; with push it is not meant for the payer.
			qr_data: push ? null : textOrNull(answer.order.ref),
		});
		return await withQrCode(this, qrCode, output, 'qr_data', slug);
	},
};

/**
 * The Nequi account's number: a Colombian mobile (3xxxxxxxxx, read by `colombianMobile.ts`), Payer
 * Phone when empty.
 */
function readNequiPhone(node: INode, itemIndex: number, raw: unknown, payerPhone: string): string {
	const given = readText(node, itemIndex, 'Nequi Phone', raw);
	const mobile = colombianMobile(given === '' ? payerPhone : given);
	if (mobile !== undefined) return mobile;
	const problem =
		given === ''
			? `is empty and Payer Phone ${shownValue(payerPhone)} is not`
			: `${shownValue(given)} is not`;
	throw inputError(
		node,
		itemIndex,
		'Nequi Phone',
		`${problem} a Colombian mobile number (10 digits starting with 3)`,
	);
}
