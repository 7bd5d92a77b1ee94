/** The fields that say how much money moves and where, as the Pay Tool checks them. */
import type { INodeProperties } from 'n8n-workflow';

import { slugProperty } from '../helpers/slug';
import type { GuardedField, MoneyMovement } from './types';

/** A field of the operation, named as stored and as the editor shows it. */
export function guardedField(property: INodeProperties): GuardedField {
	return { name: property.name, label: property.displayName };
}

/** Paying a payment link (the checkouts, the wallet OTP): the link is both amount and recipient. */
export const paysALink: MoneyMovement = {
	amountFrom: { paymentObject: guardedField(slugProperty) },
	recipientFields: [guardedField(slugProperty)],
	recipientNoun: 'Payment Link',
	recipientExamples: 'my-invoice-slug',
};
