/**
 * The trigger's Options, read and checked: a value a guard cannot use (a window of -1 minutes, a
 * mapped text, an address that is none) stops the trigger naming the field, at activation (n8n
 * then refuses to activate the workflow, or to listen for a test event) and on every callback,
 * rather than turning the guard off or leaving it silently unmet.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { toNumber } from '../shared/service/normalize';
import { parseAllowList } from './senderAddress';

export interface TriggerOptions {
	allowedIps: string[];
	/** 0: the repeat guard is off, as the field says. */
	repeatWindowMinutes: number;
	requireSecret: boolean;
	verifyWithApi: boolean;
}

export const DEFAULT_REPEAT_WINDOW_MINUTES = 60;

export function readTriggerOptions(node: INode, options: IDataObject): TriggerOptions {
	return {
		allowedIps: readAllowList(node, options.allowedIps),
		repeatWindowMinutes: readRepeatWindow(node, options.repeatWindowMinutes),
		requireSecret: readSwitch(node, 'Require Callback Secret', options.requireSecret),
		verifyWithApi: readSwitch(node, 'Verify Payments with the API', options.verifyWithApi),
	};
}

function readRepeatWindow(node: INode, value: unknown): number {
	if (value === undefined) return DEFAULT_REPEAT_WINDOW_MINUTES;
	const minutes = toNumber(value);
	if (minutes === undefined || minutes < 0)
		throw optionError(
			node,
			'Ignore Repeats Within (Minutes)',
			`must be a number of minutes, 0 or more (0 turns the repeat guard off), got ${shown(value)}`,
		);
	return minutes;
}

/** An option left out is on; one given must be true or false. */
function readSwitch(node: INode, field: string, value: unknown): boolean {
	if (value === undefined) return true;
	if (typeof value === 'boolean') return value;
	throw optionError(node, field, `must be true or false, got ${shown(value)}`);
}

function readAllowList(node: INode, value: unknown): string[] {
	if (value !== undefined && typeof value !== 'string')
		throw optionError(node, 'Allowed Sender IPs', `must be text, got ${shown(value)}`);
	const entries = parseAllowList(value);
	const wrong = entries.find((entry) => !isIpAddress(entry));
	if (wrong !== undefined)
		throw optionError(
			node,
			'Allowed Sender IPs',
			`"${wrong}" is not an IP address (one address per entry, comma-separated; ranges and host names are not read)`,
		);
	return entries;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** IPv4 in dotted decimal, or IPv6: hex groups, one "::" at most, an IPv4 tail allowed. */
export function isIpAddress(text: string): boolean {
	if (IPV4.test(text)) return true;
	const lastColon = text.lastIndexOf(':');
	if (lastColon < 0) return false;
	const tail = text.slice(lastColon + 1);
	// An IPv4 tail stands for the last two groups.
	const groups = tail.includes('.')
		? IPV4.test(tail)
			? `${text.slice(0, lastColon)}:0:0`
			: ''
		: text;
	const halves = groups.split('::');
	if (groups === '' || halves.length > 2) return false;
	const counted = halves.map((half) => (half === '' ? [] : half.split(':')));
	if (!counted.flat().every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
	const count = counted.flat().length;
	return halves.length === 2 ? count < 8 : count === 8;
}

function optionError(node: INode, field: string, problem: string): NodeOperationError {
	return new NodeOperationError(node, `Options → ${field}: ${problem}`, {
		description:
			'The Pay Trigger checks callbacks with its options, so it takes none while one of them cannot be used. Correct it in the node.',
	});
}

function shown(value: unknown): string {
	const text = typeof value === 'string' ? `"${value}"` : String(JSON.stringify(value) ?? value);
	return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
