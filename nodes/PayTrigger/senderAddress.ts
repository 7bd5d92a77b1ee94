/**
 * The optional allow-list of sender IP addresses (one SDK checks the service's IPs; not confirmed).
 */

export function parseAllowList(text: unknown): string[] {
	return String(text ?? '')
		.split(/[\s,]+/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

/**
 * An empty list allows everyone. IPv4 addresses mapped into IPv6 (`::ffff:1.2.3.4`) match their
 * IPv4 form.
 */
export function isAllowedSender(address: string | undefined, allowList: string[]): boolean {
	if (allowList.length === 0) return true;
	if (!address) return false;
	const plain = address.replace(/^::ffff:/, '');
	return allowList.some((allowed) => allowed.replace(/^::ffff:/, '') === plain);
}
