/**
 * Which account the transfer list is about. The list names sender and recipient (`from_user`,
 * `to_user`) but the service has no endpoint that tells an account its own name, so the user gives
 * it: the mobile number (what every real client sends a transfer to) or the username (the spec
 * mentions one), or both, comma-separated, should the list use both forms.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { colombianMobile } from '../shared/service/colombianMobile';

export const ACCOUNT_LABEL = "This Account's Mobile Number or Username";

/** The account's names as the list may write them, compared in one form. */
export function readIdentities(node: INode, value: unknown): Set<string> {
	const names = String(value ?? '')
		.split(/[,;]/)
		.map(comparable)
		.filter((name) => name !== '');
	if (names.length === 0) {
		throw new NodeOperationError(node, `${ACCOUNT_LABEL} is empty`, {
			description:
				'Give the mobile number this account is registered with (e.g. 3001234567) or its username, as the transfer list names it; several, comma-separated, if it uses more than one form.',
		});
	}
	return new Set(names);
}

/** Whether a list field (from_user, to_user) names this account. */
export function namesAccount(value: unknown, identities: Set<string>): boolean {
	if (typeof value !== 'string' && typeof value !== 'number') return false;
	return identities.has(comparable(String(value)));
}

/**
 * One form for a name: a Colombian mobile number without spaces, dashes, dots, brackets or the
 * country code (+57 300 123 4567 and 3001234567 are one number); any other name trimmed, in lower
 * case.
 */
export function comparable(name: string): string {
	const mobile = colombianMobile(name);
	if (mobile !== undefined) return mobile;
	const trimmed = name.trim();
	// Another number (a landline, a foreign one) still compares without its separators.
	const digits = trimmed.replace(/[\s().-]/g, '');
	if (/^\+?\d+$/.test(digits)) return digits.replace(/^\+/, '');
	return trimmed.toLowerCase();
}
