import type { IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../execution/readParameter';
import { readText, shownValue } from '../../helpers/fieldInput';
import { inputError } from '../../helpers/inputError';
import { readSlug, slugProperties } from '../../helpers/slug';
import { paysALink } from '../moneyFields';
import type { OperationEnvironment, PayOperation } from '../types';
import { payerProperties, readPayer } from './payerFields';
import {
	CHECKOUT_IDENTITY,
	checkoutOutput,
	submitCheckout,
	textOrNull,
} from './checkoutSubmission';
import { simpleCheckout } from './simpleCheckout';

/** The cash networks: the same payer fields go in, a PIN and an agreement number come out. */
const CASH_NETWORKS = [
	{
		name: 'Corresponsal Bancolombia (Bank Agent)',
		value: 'corresponsal_bancolombia',
		description: 'At a Bancolombia correspondent (a shop acting as bank agent)',
	},
	{ name: 'Dale!', value: 'dale', description: 'With Dale!' },
	{ name: 'Efecty', value: 'efecty', description: 'At an Efecty cash office' },
];

export const payInCash: PayOperation = {
	value: 'payInCash',
	name: 'Pay in Cash',
	description:
		'Get a payment PIN and agreement number that the payer takes to Efecty, a Bancolombia agent or Dale!',
	action: 'Pay in cash with a PIN',
	referenceIdentity: CHECKOUT_IDENTITY,
	simplify: simpleCheckout,
	money: paysALink,
	properties: [
		...slugProperties,
		{
			displayName: 'Cash Network',
			name: 'cashNetwork',
			type: 'options',
			options: CASH_NETWORKS,
			default: 'efecty',
			description: `Where the payer pays. To map a value, use an expression giving ${CASH_NETWORKS.map((network) => network.value).join(', ')}.`,
		},
		...payerProperties,
	],
	async execute(this: IExecuteFunctions, itemIndex: number, env: OperationEnvironment) {
		const { node } = env;
		const slug = readSlug(node, itemIndex, readParameter(this, env, 'slug', itemIndex));
		const network = readText(
			node,
			itemIndex,
			'Cash Network',
			readParameter(this, env, 'cashNetwork', itemIndex, 'efecty'),
		);
		if (!CASH_NETWORKS.some((known) => known.value === network)) {
			throw inputError(
				node,
				itemIndex,
				'Cash Network',
				`${shownValue(network)} is not one of ${CASH_NETWORKS.map((known) => known.value).join(', ')}`,
			);
		}
		const payer = readPayer(this, env, itemIndex);
		const answer = await submitCheckout(this, env, itemIndex, slug, { ...payer, payment: network });
		const pin = textOrNull(answer.order.ref);
		const agreement = textOrNull(answer.order.project_code);
		return checkoutOutput(slug, network, answer, {
			payment_pin: pin,
			agreement_number: agreement,
			next_step: pin
				? `Give the payer the PIN ${pin}${agreement ? ` and the agreement number ${agreement}` : ''} to pay at ${networkName(network)}`
				: 'The service sent no PIN: see order and raw',
		});
	},
};

function networkName(value: string): string {
	return CASH_NETWORKS.find((network) => network.value === value)?.name ?? value;
}
