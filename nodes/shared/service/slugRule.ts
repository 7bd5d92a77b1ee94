/**
 * The shape of the service's slugs: short codes of letters and digits ("_" and "-" let through).
 */
export function isSlug(text: string): boolean {
	return /^[A-Za-z0-9_-]{1,64}$/.test(text);
}
