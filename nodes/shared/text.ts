/**
 * The text with its first letter in upper case: "the transfer" starts a sentence as "The transfer".
 */
export function capitalise(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}
