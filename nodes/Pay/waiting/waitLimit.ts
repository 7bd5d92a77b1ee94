/**
 * How long an execution waits for the service (Create and Wait for Payment, Withdraw and Wait for
 * Final Status), in the words of n8n's own Wait node. At the limit n8n itself continues the
 * execution: it does not call the node again, and the node's input comes out unchanged.
 */
import type { IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { finiteNumber, shownValue } from '../helpers/fieldInput';
import { inputError } from '../helpers/inputError';

/**
 * Added to a link's expiry: the last callbacks of a link paid at the end of its life still arrive.
 */
export const MARGIN_AFTER_EXPIRY_MS = 60 * 60 * 1000;

export const UNIT_MS: Record<string, number> = {
	minutes: 60_000,
	hours: 3_600_000,
	days: 86_400_000,
};

const AT_THE_LIMIT =
	'At the limit the execution goes on with this node\'s input as it came in (n8n does so, the node is not called again): those items have no "payment_outcome" / "withdrawal_outcome".';

export function waitLimitProperties(forLinks: boolean): INodeProperties[] {
	const choices = [
		{ name: 'After Time Interval', value: 'afterInterval' },
		{ name: 'At Specified Time', value: 'atTime' },
	];
	if (forLinks) choices.push({ name: 'When the Link Expires, Plus One Hour', value: 'linkExpiry' });
	// Plain names: n8n's lint takes any other expression for a missing default.
	const defaultLimit = forLinks ? 'linkExpiry' : 'afterInterval';
	const defaultAmount = forLinks ? 1 : 24;
	const defaultUnit = forLinks ? 'days' : 'hours';
	return [
		{
			displayName: 'Wait Limit',
			name: 'waitLimit',
			type: 'options',
			options: choices,
			default: defaultLimit,
			description: 'How long the execution waits for the final status at most',
			hint: AT_THE_LIMIT,
		},
		{
			displayName: 'Wait Amount',
			name: 'waitAmount',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: defaultAmount,
			displayOptions: { show: { waitLimit: ['afterInterval'] } },
			description: 'How long the wait lasts at most, in the wait unit below',
		},
		{
			displayName: 'Wait Unit',
			name: 'waitUnit',
			type: 'options',
			options: [
				{ name: 'Days', value: 'days' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Minutes', value: 'minutes' },
			],
			default: defaultUnit,
			displayOptions: { show: { waitLimit: ['afterInterval'] } },
			description: 'The unit of the wait amount above',
		},
		{
			displayName: 'Max Date and Time',
			name: 'waitUntil',
			type: 'dateTime',
			default: '',
			displayOptions: { show: { waitLimit: ['atTime'] } },
			description: 'The moment the waiting ends at the latest',
		},
		...(forLinks ? [EARLIER_THAN_EXPIRY] : []),
	];
}

/** Said where the limit is chosen, not found later: an early limit ends without the service. */
const EARLIER_THAN_EXPIRY: INodeProperties = {
	displayName:
		"A limit earlier than the link's expiry ends the wait without the service's word: a link paid later, or whose callback was lost, comes out without payment_outcome. Follow this node with Payment → Get Links Waited For, Wait Again While Open on, and send the items without payment_outcome back into it (the Invoice and Wait example does so).",
	name: 'limitBeforeExpiryNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { waitLimit: ['afterInterval', 'atTime'] } },
};

/** When the wait ends at the latest, given the longest expiry (days) among the links created. */
export type WaitLimit = (longestExpiryDays: number) => Date;

/**
 * The limit, read and checked before anything is sent (a wrong date must not surface after the
 * links exist). One wait covers the whole run, so the fields are read for the first item.
 */
export function readWaitLimit(context: IExecuteFunctions, node: INode, now: number): WaitLimit {
	const choice = context.getNodeParameter('waitLimit', 0, 'linkExpiry') as string;
	if (choice === 'linkExpiry')
		return (days) => new Date(now + days * UNIT_MS.days + MARGIN_AFTER_EXPIRY_MS);
	if (choice === 'atTime') {
		const raw = context.getNodeParameter('waitUntil', 0, '') as string;
		const until = new Date(raw);
		if (raw === '' || Number.isNaN(until.getTime()))
			throw inputError(node, 0, 'Max Date and Time', 'give the date and time the wait ends at');
		return () => until;
	}
	const raw = context.getNodeParameter('waitAmount', 0, 1);
	const amount = finiteNumber(raw);
	const unit = UNIT_MS[context.getNodeParameter('waitUnit', 0, 'hours') as string];
	// Endless (a mapped Infinity) passed `>= 0` once, and its date failed after the links existed.
	if (amount === undefined || amount < 0 || unit === undefined)
		throw inputError(
			node,
			0,
			'Wait Amount',
			`give how long to wait, a number of 0 or more, got ${shownValue(raw)}`,
		);
	const until = new Date(now + amount * unit);
	if (Number.isNaN(until.getTime()))
		throw inputError(node, 0, 'Wait Amount', 'is too long: the wait would end past any date');
	return () => until;
}
